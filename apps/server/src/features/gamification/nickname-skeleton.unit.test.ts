import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nicknameSkeleton } from './nickname-skeleton.js';

describe('nicknameSkeleton', () => {
  it('gives look-alikes of a name, in any case, one skeleton', () => {
    const lookAlikes = [
      ['Admin', 'ADMIN', 'admin', 'Аdmin', 'ＡＤＭＩＮ', 'Adrnin', 'AdmIn', 'Ad\u200Bmin', 'ΑDMIN'],
      ['paypal', 'раураl', 'PAYPAL', 'PayPaI'],
      ['Alice', 'AIice', 'A1ice', 'ALICE'],
      ['Straße', 'STRASSE', 'strasse', 'STRAẞE'],
      ['Joana', 'Јоаnа', 'JOANA'],
      ['Мария', 'МАРИЯ', 'мария'],
      ['Σοφία', 'ΣΟΦΊΑ', 'σοφία'],
      // Final sigma: folded as σ.
      ['Οδυσσεύς', 'ΟΔΥΣΣΕΎΣ'],
    ];
    for (const group of lookAlikes) {
      const skeletons = new Set(group.map(nicknameSkeleton));
      expect([...skeletons], group.join(', ')).toHaveLength(1);
    }
  });

  it('keeps names that only share letters apart', () => {
    const distinct = [
      'Zoë',
      'Zoe',
      'João Leitor',
      'Joao Leitor',
      'JoãoLeitor',
      'Ñandú',
      'Nandu',
      'Maria',
      'Мария',
      '李小龙',
      '李小虎',
    ];
    expect(new Set(distinct.map(nicknameSkeleton)).size).toBe(distinct.length);
  });

  it('does not depend on case', () => {
    const alphabet = fc.constantFrom(
      ...'abcdefghijklmnopqrstuvwxyzàéîõüçßαβγδεζηθικλμνξοπρστυφχψωабвгдеёжзийклмнопрстуфхцчшщъыьэюя '.split(
        '',
      ),
    );
    fc.assert(
      fc.property(fc.string({ unit: alphabet, minLength: 1, maxLength: 20 }), (name) => {
        expect(nicknameSkeleton(name.toUpperCase())).toBe(nicknameSkeleton(name));
      }),
    );
  });
});
