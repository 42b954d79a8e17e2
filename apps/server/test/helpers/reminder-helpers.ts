/** An offset (minutes east of UTC) at which it is now about noon: the reminders' day (BR4). */
export function noonOffsetMinutes(now = Date.now()) {
  const hour = new Date(now).getUTCHours();
  const offset = ((12 - hour + 36) % 24) - 12;
  return offset * 60;
}
