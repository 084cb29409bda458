const dayjs = module.exports;
const d = dayjs('2024-02-27T10:30:00');
return [d.add(3, 'day').format('YYYY-MM-DD dddd'), d.startOf('month').format('MMM D, YYYY'), d.diff('2024-01-01', 'day'), d.endOf('year').format('YYYY-MM-DD HH:mm:ss'), d.isBefore('2024-03-01'), d.daysInMonth(), dayjs('2024-13-45').isValid()];
