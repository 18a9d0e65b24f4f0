-- The HTTP load of the benchmarks that use wrk (bench/wrk.ts writes the requests file and starts
-- it). Each line of the file is one request: "<METHOD> <path> <token> [json body]", the token "-"
-- for none. In "random" order every request is a random line (a random reader); in "once" order
-- the lines are sent in file order, each at most once (past the end they repeat, and an expected
-- text then fails). Every answer must contain the expected text, if one is given, or it counts as
-- rejected.
-- With a hold of H ms, each of the N connections waits H ms before its first request: they all
-- open while the server is idle, and the measured requests then go on connections already open,
-- as a proxy's kept connections to a web instance are. wrk starts a request's latency when it
-- writes it, so the hold is not in the figures (its time is in the run's duration).
-- Usage: wrk -t1 -cN -dS -s wrk-requests.lua URL -- <requests file> <random|once> <seed> <hold ms> <N> [expected text]
-- The seed is each process's own: several wrk processes seeded alike (by the clock's second) would
-- pick the same reader at the same step, and a per-reader wait in the server then held them in
-- step, each endpoint's throughput that of the slowest.

local requests = {}
local order = "random"
local expected = nil
local nextIndex = 0
local holdMs = 0
local holding = 0
rejected = 0
firstBad = ""

function init(args)
  order = args[2] or "random"
  math.randomseed(tonumber(args[3]))
  holdMs = tonumber(args[4])
  holding = holdMs > 0 and tonumber(args[5]) or 0
  expected = args[6]
  for line in io.lines(args[1]) do
    local verb, path, token, body = line:match("^(%u+) (%S+) (%S+) ?(.*)$")
    local headers = {}
    if token ~= "-" then headers["authorization"] = "Bearer " .. token end
    if body ~= "" then
      headers["content-type"] = "application/json"
      requests[#requests + 1] = wrk.format(verb, path, headers, body)
    else
      requests[#requests + 1] = wrk.format(verb, path, headers)
    end
  end
end

-- The first N requests of the one thread are its N connections' first ones.
function delay()
  if holding == 0 then return 0 end
  holding = holding - 1
  return holdMs
end

function request()
  if order == "random" then return requests[math.random(#requests)] end
  nextIndex = nextIndex + 1
  return requests[((nextIndex - 1) % #requests) + 1]
end

function response(status, headers, body)
  if expected and not body:find(expected, 1, true) then rejected = rejected + 1 end
  -- The first failed answer, to say why (its status and the start of its body).
  if firstBad == "" and (status >= 400 or (expected and not body:find(expected, 1, true))) then
    firstBad = status .. " " .. body:sub(1, 160):gsub("%c", " ")
  end
end

local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
end

function done(summary, latency, requests)
  local failed = 0
  local bad = ""
  for _, thread in ipairs(threads) do
    failed = failed + thread:get("rejected")
    if bad == "" then bad = thread:get("firstBad") or "" end
  end
  local errors = summary.errors
  io.write(string.format(
    'RESULT {"requests":%d,"durationUs":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,' ..
    '"non2xx":%d,"timeouts":%d,"rejected":%d,"p50Us":%d,"p90Us":%d,"p99Us":%d,"maxUs":%d,"meanUs":%.1f,' ..
    '"firstBad":%q}\n',
    summary.requests, summary.duration, errors.connect, errors.read, errors.write, errors.status,
    errors.timeout, failed, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, latency.mean, bad))
end
