const { DateTime, Duration, Interval } = module.exports;
const d = DateTime.fromISO('2024-02-27T10:30:00', { zone: 'utc' });
return [d.plus({ days: 3 }).toISODate(), d.toFormat('yyyy LLL dd HH:mm'), d.startOf('week').toISO(), Duration.fromObject({ hours: 2, minutes: 90 }).shiftTo('hours', 'minutes').toObject(), Interval.fromDateTimes(d, d.plus({ months: 1 })).length('days'), d.weekday, d.isInLeapYear, DateTime.fromFormat('27/02/2024', 'dd/MM/yyyy', { zone: 'utc' }).toISODate()];
