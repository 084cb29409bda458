const Diff = module.exports;
const a = 'line one\nline two\nline three\n', b = 'line one\nline 2\nline three\nline four\n';
const words = Diff.diffWords('the quick brown fox', 'the slow brown dog').map((p) => (p.added ? '+' : p.removed ? '-' : '=') + p.value);
return [words, Diff.createTwoFilesPatch('a.txt', 'b.txt', a, b, 'old', 'new'), Diff.applyPatch(a, Diff.createPatch('a.txt', a, b)) === b];
