import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_MODEL } from './local-provider.js';

describe('DEFAULT_LOCAL_MODEL', () => {
  it("is node-llama-cpp's hf:<user>/<repo>:<quantization> form", () => {
    expect(DEFAULT_LOCAL_MODEL).toMatch(/^hf:[\w.-]+\/[\w.-]+-GGUF:Q4_K_M$/);
  });
});
