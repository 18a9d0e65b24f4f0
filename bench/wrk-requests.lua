-- The ranking benchmark's HTTP load, sent by wrk (bench/ranking-load.ts writes the requests
-- file and starts it). Each line of the file is one request: "GET <path> <token>" or
-- "POST <path> <token> <json body>". GET lines are sent in a random order, each request from a
-- random line (a random reader); POST lines are sent in file order, each at most once, and
-- every answer must contain the expected text, or it counts as rejected.
-- Usage: wrk -t1 -cN -dS -s ranking-load.lua URL -- <requests file> [expected text]

local requests = {}
local method = "GET"
local expected = nil
local nextIndex = 0
rejected = 0

function init(args)
  expected = args[2]
  for line in io.lines(args[1]) do
    local verb, path, token, body = line:match("^(%u+) (%S+) (%S+) ?(.*)$")
    method = verb
    local headers = { ["authorization"] = "Bearer " .. token }
    if verb == "POST" then
      headers["content-type"] = "application/json"
      requests[#requests + 1] = wrk.format("POST", path, headers, body)
    else
      requests[#requests + 1] = wrk.format("GET", path, headers)
    end
  end
  math.randomseed(os.time())
end

function request()
  if method == "GET" then return requests[math.random(#requests)] end
  nextIndex = nextIndex + 1
  -- Past the end (more requests than lines), a pair repeats and its answer is rejected.
  return requests[((nextIndex - 1) % #requests) + 1]
end

function response(status, headers, body)
  if expected and not body:find(expected, 1, true) then rejected = rejected + 1 end
end

local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
end

function done(summary, latency, requests)
  local failed = 0
  for _, thread in ipairs(threads) do failed = failed + thread:get("rejected") end
  local errors = summary.errors
  io.write(string.format(
    'RESULT {"requests":%d,"durationUs":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,' ..
    '"non2xx":%d,"timeouts":%d,"rejected":%d,"p50Us":%d,"p90Us":%d,"p99Us":%d,"maxUs":%d,"meanUs":%.1f}\n',
    summary.requests, summary.duration, errors.connect, errors.read, errors.write, errors.status,
    errors.timeout, failed, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, latency.mean))
end
