import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashing } from '../../config/password-hashing.js';

/**
 * Hashes and checks passwords with argon2id (the library's default algorithm) at one cost. Each hash carries its own parameters, so a hash made
 * at another cost (an earlier setting) still verifies.
 */
export class Passwords {
  private readonly options: { memoryCost: number; timeCost: number; parallelism: number };
  private dummyHash: Promise<string> | undefined;

  constructor(cost: PasswordHashing) {
    this.options = { memoryCost: cost.memoryKib, timeCost: cost.passes, parallelism: 1 };
  }

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  /**
   * Checks a password against a stored hash. Without a hash (unknown e-mail, Google-only account)
   * it still runs one argon2 verification against a dummy hash made at this cost, so that the
   * answer takes as long as for a wrong password and timing does not tell which e-mails have
   * accounts.
   */
  async verify(storedHash: string | null | undefined, password: string): Promise<boolean> {
    if (!storedHash) {
      this.dummyHash ??= this.hash('summa-dummy-password-for-timing');
      await verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  }
}
