import { describe, expect, it } from 'vitest';
import { excerpt, foldForSearch, slugify } from './text.ts';

describe('slugify', () => {
  it('strips Vietnamese diacritics and maps đ to d', () => {
    expect(slugify('Người Nhện: Không Còn Nhà')).toBe('nguoi-nhen-khong-con-nha');
    expect(slugify('Đảo Hải Tặc (One Piece)')).toBe('dao-hai-tac-one-piece');
    expect(slugify('  Hello   World!! ')).toBe('hello-world');
    expect(slugify('')).toBe('');
  });
});

describe('foldForSearch', () => {
  it('drops diacritics and punctuation, keeps words apart', () => {
    expect(foldForSearch('Người Nhện: Xa Nhà')).toBe('nguoi nhen xa nha');
    expect(foldForSearch('  ĐẤT RỪNG phương Nam (2023) ')).toBe('dat rung phuong nam 2023');
    expect(foldForSearch('Spider-Man')).toBe('spider man');
    expect(foldForSearch('')).toBe('');
  });

  it('folds every Vietnamese vowel and đ, in either Unicode form', () => {
    expect(foldForSearch('ăâêôơư ẮẰẲẴẶ ỨỪỬỮỰ ỳýỷỹỵ')).toBe('aaeoou aaaaa uuuuu yyyyy');
    expect(foldForSearch('Đường đua ĐÊM')).toBe('duong dua dem');
    // Composed (NFC) and decomposed (NFD, as some keyboards on macOS type it) text fold alike.
    expect(foldForSearch('Người Nhện'.normalize('NFD'))).toBe(foldForSearch('Người Nhện'));
  });

  it('turns punctuation and runs of spaces into one space', () => {
    expect(foldForSearch('Spider-Man:   No  Way\tHome!')).toBe('spider man no way home');
    expect(foldForSearch("Ocean's 11 — (2001)")).toBe('ocean s 11 2001');
    expect(foldForSearch(' ... ')).toBe('');
  });

  it('keeps letters of other scripts, so original titles stay searchable', () => {
    expect(foldForSearch('사랑의 불시착')).toBe('사랑의 불시착');
    expect(foldForSearch('君の名は。')).toBe('君の名は');
    expect(foldForSearch('Amélie, Straße')).toBe('amelie straße');
  });
});

describe('excerpt', () => {
  it('turns description HTML into one line of text, cut at a word', () => {
    expect(excerpt('<p>Một nữ thừa kế Hàn Quốc &amp; một sĩ quan.</p><p>Hai</p>')).toBe(
      'Một nữ thừa kế Hàn Quốc & một sĩ quan. Hai',
    );
    expect(excerpt('một hai ba bốn năm sáu', 12)).toBe('một hai ba…');
  });
});
