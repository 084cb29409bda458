const moment = module.exports;
const d = moment.utc('2024-02-27T10:30:00Z');
return [d.clone().add(3, 'days').format('YYYY-MM-DD dddd'), d.format('MMMM Do YYYY, h:mm:ss a'), d.clone().startOf('isoWeek').toISOString(), moment.duration(90, 'minutes').asHours(), d.diff(moment.utc('2024-01-01'), 'days'), moment.utc('2024-02-30', 'YYYY-MM-DD', true).isValid(), d.from(moment.utc('2024-03-30T10:30:00Z')), d.isoWeek()];
