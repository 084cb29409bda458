const Fuse = module.exports;
const books = [{ title: "Old Man's War", author: 'John Scalzi' }, { title: 'The Lock Artist', author: 'Steve Hamilton' }, { title: 'HTML5', author: 'Remy Sharp' }, { title: 'Right Ho Jeeves', author: 'P.G. Wodehouse' }, { title: 'The Code of the Wooster', author: 'P.G. Wodehouse' }];
const fuse = new Fuse(books, { keys: ['title', 'author'], includeScore: true, threshold: 0.4 });
return [fuse.search('wodhouse').map((r) => r.item.title + ' ' + r.score.toFixed(4)), fuse.search('lock').map((r) => r.refIndex), new Fuse(['apple', 'banana', 'cherry']).search('banan').map((r) => r.item)];
