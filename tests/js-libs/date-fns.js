var window = {};
//@lib
const { format, addDays, differenceInCalendarDays, parseISO, startOfWeek, formatDistance, eachDayOfInterval, isWeekend } = window.dateFns;
const d = parseISO('2024-02-27T10:30:00');
return [format(addDays(d, 3), 'yyyy-MM-dd EEEE'), differenceInCalendarDays(parseISO('2024-12-25'), d), format(startOfWeek(d, { weekStartsOn: 1 }), 'do MMM yyyy'), formatDistance(d, parseISO('2024-03-30T10:30:00')), eachDayOfInterval({ start: d, end: addDays(d, 6) }).filter(isWeekend).map((x) => format(x, 'EEE d'))];
