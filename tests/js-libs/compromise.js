const nlp = module.exports;
const doc = nlp('Dr. Smith walked to the store yesterday. She bought three apples and a pear.');
return { sentences: doc.sentences().length, people: doc.people().out('array'), nouns: doc.nouns().toPlural().out('array'), past: nlp('I walk to work').sentences().toPastTense().text(), numbers: doc.numbers().toNumber().out('array') };
