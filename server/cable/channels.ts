/** The PostgreSQL NOTIFY channel that carries TimerChannel broadcasts between instances. */
export const TIMER_NOTIFY_CHANNEL = 'bb_timer';
