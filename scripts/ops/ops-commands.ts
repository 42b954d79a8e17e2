/**
 * The operator's command line (docs/operations.md): every command is one call to the
 * running server's admin API (apps/server/src/admin), checked first with the same shared schemas
 * the server checks. `ops.ts` runs it with the server's configuration; tests call `runOps`.
 */
import { parseArgs } from 'node:util';
import {
  type CatalogueReloadResult,
  type MoneyActionResult,
  moneyActionBodySchema,
  operatorActionBodySchema,
  type PaymentRow,
  type PlayerReport,
  playerLookupQuerySchema,
  type RefundResult,
  type RunningBattle,
  refundBodySchema,
} from '@titans/shared/admin/schemas';
import type { z } from 'zod';

/** Other processes of a cluster holding the player's sockets (D-CLUSTER-22), as a clause. */
function elsewhere(processes: number | null): string {
  if (processes === null) return ' (other processes unknown: Redis did not answer)';
  return processes > 0 ? ` and on ${processes} other process(es)` : '';
}

export interface OpsContext {
  /** The server, e.g. http://127.0.0.1:3000. */
  url: string;
  /** ADMIN_TOKEN. */
  token: string;
  /** Who runs the command, recorded in admin_audit. */
  actor: string;
  out(line: string): void;
  err(line: string): void;
}

export const USAGE = `usage: npm run ops -- <command> [arguments] [--json] [--actor <name>]

  player <telegram id | @username>                   balances, presence, ledger, payments, battles, audit
  grant <telegram id> <amount> coins|gems --reason "…" --key <key>
  grant <telegram id> item <item id> --reason "…" --key <key>
  take  <telegram id> <amount> coins|gems --reason "…" --key <key>
  take  <telegram id> item <item id> --reason "…" --key <key>
  kick <telegram id> --reason "…"                     close the player's sockets (they reconnect)
  ban <telegram id> --reason "…"  |  unban <telegram id>
  battles                                             battles not settled yet
  void-battle <battle id> --reason "…"                stakes and energy go back
  payments <telegram id>                              Stars and TON purchases
  refund <charge id> --reason "…" [--allow-shortfall] [--user <telegram id>]
  catalogue reload --reason "…"                       apply catalogue/*.json without a restart
  reminders status|pause|resume                       the bot reminders' queue; pause stops every sender

The same --key repeats a grant or take once (use the ticket number). ADMIN_TOKEN, and TITANS_URL
or PORT, name the server.`;

/** GET /admin/reminders (and what pause and resume answer). */
interface ReminderStatus {
  paused: boolean;
  due: number;
  pending: number;
  lag_seconds: number;
  this_process: { sent: number; failed: number; blocked: number; throttled: number } | null;
}

/** A refusal to print: usage (exit 2) or the server's answer (exit 1). */
class Refusal extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

interface Envelope<T> {
  code?: number;
  data?: T;
  message?: string;
  error?: string;
}

async function call<T>(
  context: OpsContext,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${context.url}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${context.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Refusal(`No server answers at ${context.url}: start it, or set TITANS_URL.`, 1);
  }
  const text = await response.text();
  let envelope: Envelope<T> = {};
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    // An HTML page or nothing: the admin API is not mounted there.
  }
  if (envelope.error === undefined && envelope.data === undefined)
    throw new Refusal(
      `${response.status} from ${context.url}${route}: no admin API there (is ADMIN_TOKEN set for the server?)`,
      1,
    );
  if (!response.ok) {
    const data: unknown = envelope.data;
    const problems =
      data && typeof data === 'object' && 'problems' in data && Array.isArray(data.problems)
        ? data.problems
        : null;
    const details = problems
      ? `\n${problems.map((problem) => `  - ${String(problem)}`).join('\n')}`
      : data
        ? `\n${JSON.stringify(data, null, 2)}`
        : '';
    throw new Refusal(
      `Refused (${response.status} ${envelope.error}): ${envelope.message ?? ''}${details}`,
      1,
    );
  }
  return envelope.data as T;
}

/** Checks a body with the server's schema before sending it, so a typo never reaches the server. */
function checked<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `  ${issue.path.join('.') || 'value'}: ${issue.message}`,
  );
  throw new Refusal(`Invalid command:\n${problems.join('\n')}\n\n${USAGE}`, 2);
}

const number = (value: number) => value.toLocaleString('en-US');
const day = (iso: string | null) => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '—');

function printPlayer(context: OpsContext, report: PlayerReport) {
  const { player, online } = report;
  const { out } = context;
  out(
    `${player.name || '(no name)'} @${player.username || '—'}  Telegram ${player.telegram_user_id}  id ${player.id}`,
  );
  out(`  joined ${day(player.created_at)}  level ${player.level} (${number(player.experience)} XP)`);
  out(
    `  coins ${number(player.coins)}${player.pending_coins ? ` (+${number(player.pending_coins)} tapped, not yet durable)` : ''}` +
      `  gems ${number(player.gems)}  energy ${player.energy}/${player.max_energy}`,
  );
  out(
    `  hero ${player.selected_character_id ?? '—'}  battles ${player.wins}W ${player.losses}L ${player.draws}D  taps ${number(player.total_taps)}`,
  );
  out(`  banned: ${player.is_banned ? `yes (${player.ban_reason ?? 'no reason given'})` : 'no'}`);
  if (player.refund_gems_owed > 0)
    out(
      `  FLAG owes ${number(player.refund_gems_owed)} gems: refunded purchases whose gems were already spent (see Payments)`,
    );
  out(
    `  online: ${online.sockets} socket(s) here${elsewhere(online.other_processes)}` +
      (online.battle_id ? `, in battle ${online.battle_id}` : '') +
      (online.queued ? ', waiting for a match' : ''),
  );
  out('Ledger (newest first):');
  for (const row of report.ledger)
    out(
      `  ${day(row.created_at)}  ${row.delta > 0 ? '+' : ''}${number(row.delta)} ${row.currency} → ${number(row.balance_after)}  ${row.reason}`,
    );
  out('Payments:');
  printPayments(context, report.payments);
  out('Possessions:');
  for (const entry of report.possessions)
    out(
      `  ${entry.kind} ${entry.catalogue_id}  ${number(entry.price)} ${entry.currency}  ${day(entry.acquired_at)}${entry.consumed_at ? `  ends ${day(entry.consumed_at)}` : ''}`,
    );
  out('Battles:');
  for (const battle of report.battles)
    out(
      `  ${battle.id}  ${battle.mode} ${battle.status} ${battle.result ?? ''}${battle.won === null ? '' : battle.won ? ' (won)' : ' (lost)'}  ${day(battle.started_at)}`,
    );
  if (report.tap_flags.length > 0) {
    out('Tap flags (kept tapping over the cap):');
    for (const flag of report.tap_flags)
      out(`  ${day(flag.window_start)}  ${flag.seconds_over_cap} s over, ${flag.taps_rejected} taps refused`);
  }
  out('Operator actions:');
  for (const entry of report.audit)
    out(
      `  ${day(entry.created_at)}  ${entry.action} by ${entry.actor}: ${entry.reason}${entry.idempotency_key ? `  [${entry.idempotency_key}]` : ''}`,
    );
}

function printPayments(context: OpsContext, payments: PaymentRow[]) {
  if (payments.length === 0) context.out('  none');
  for (const payment of payments)
    context.out(
      `  ${day(payment.created_at)}  ${payment.method} ${payment.status}  ${payment.package_id}  ${payment.stars_amount} Stars → ${payment.diamonds} gems` +
        `  charge ${payment.telegram_payment_charge_id ?? payment.tx_hash ?? '—'}` +
        (payment.anomaly ? `  anomaly: ${String(payment.anomaly.reason)}` : '') +
        (payment.refund_origin ? `  refunded by ${payment.refund_origin}` : '') +
        (payment.refund_shortfall ? `  shortfall ${payment.refund_shortfall} gems not taken back` : ''),
    );
}

function printBattles(context: OpsContext, battles: RunningBattle[]) {
  if (battles.length === 0) context.out('No battle is running.');
  for (const battle of battles) {
    const players = battle.players.map(
      (player) => `${player.telegram_user_id ?? player.user_id} @${player.username ?? '—'}`,
    );
    const stakes = battle.entry
      .map((entry) => `${number(entry.stake)} coins + ${entry.energy} energy`)
      .join(', ');
    context.out(
      `${battle.id}  ${battle.mode}${battle.difficulty ? ` ${battle.difficulty}` : ''}  since ${day(battle.started_at)}` +
        `  ${players.join(' vs ')}  stakes: ${stakes || '—'}${battle.in_this_process ? '' : '  (no room here: another process or a crash)'}`,
    );
  }
}

/** `grant 123 500 coins` or `grant 123 item ember-dagger`. */
function assetOf(rest: string[]) {
  const [first, second] = rest;
  if (first === 'item') return { kind: 'item', item_id: second };
  if (second === 'coins' || second === 'gems') return { kind: second, amount: Number(first) };
  throw new Refusal(`Say what to move: <amount> coins|gems, or item <item id>\n\n${USAGE}`, 2);
}

/** Runs one command; answers the exit code (0 done, 1 refused, 2 usage). */
/**
 * Whether the command line asks only for the usage: `--help`/`-h` anywhere or the `help` command
 * (exit 0), or no command at all (exit 2). Answered before the configuration or the token is read.
 */
export function asksForUsage(argv: string[]): { exitCode: 0 | 2 } | null {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch {
    return argv.includes('--help') || argv.includes('-h') ? { exitCode: 0 } : null;
  }
  if (parsed.values.help || parsed.positionals[0] === 'help') return { exitCode: 0 };
  return parsed.positionals.length === 0 ? { exitCode: 2 } : null;
}

export async function runOps(argv: string[], context: OpsContext): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    context.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  try {
    await run(parsed, { ...context, actor: parsed.values.actor ?? context.actor });
    return 0;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    context.err(error.message);
    return error.exitCode;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      reason: { type: 'string' },
      key: { type: 'string' },
      actor: { type: 'string' },
      user: { type: 'string' },
      'allow-shortfall': { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

async function run({ values, positionals }: ReturnType<typeof parse>, context: OpsContext) {
  const [command, target, ...rest] = positionals;
  const show = (value: unknown, human: () => void) =>
    values.json ? context.out(JSON.stringify(value, null, 2)) : human();
  const action = { actor: context.actor, reason: values.reason };
  const need = (value: string | undefined, what: string) => {
    if (!value) throw new Refusal(`Missing ${what}\n\n${USAGE}`, 2);
    return value;
  };
  if (values.help) return context.out(USAGE);
  switch (command) {
    case 'player': {
      const ref = need(target, 'the player (Telegram id or @username)');
      const query = checked(
        playerLookupQuerySchema,
        /^\d+$/.test(ref) ? { telegram_user_id: ref } : { username: ref },
      );
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query))
        if (value !== undefined) search.set(key, String(value));
      const found = await call<
        | PlayerReport
        | { candidates: Array<{ telegram_user_id: string; username: string; created_at: string }> }
      >(context, 'GET', `/admin/players?${search}`);
      if ('candidates' in found) {
        context.out(`Several players used ${ref}; look one up by Telegram id:`);
        for (const candidate of found.candidates)
          context.out(
            `  ${candidate.telegram_user_id}  @${candidate.username}  joined ${day(candidate.created_at)}`,
          );
        return;
      }
      return show(found, () => printPlayer(context, found));
    }
    case 'grant':
    case 'take': {
      const telegramId = need(target, 'the Telegram id');
      const body = checked(moneyActionBodySchema, {
        ...action,
        idempotency_key: values.key,
        asset: assetOf(rest),
      });
      const done = await call<MoneyActionResult>(
        context,
        'POST',
        `/admin/players/${telegramId}/${command}`,
        body,
      );
      return show(done, () => {
        const what =
          done.asset.kind === 'item'
            ? `item ${done.asset.item_id}`
            : `${number(done.asset.amount)} ${done.asset.kind}`;
        const after = done.balance_after === null ? '' : `; balance now ${number(done.balance_after)}`;
        context.out(
          `${command === 'grant' ? 'Granted' : 'Took'} ${what} (player ${done.telegram_user_id}${after}); audit #${done.audit_id}, key ${body.idempotency_key}`,
        );
      });
    }
    case 'kick': {
      const telegramId = need(target, 'the Telegram id');
      const done = await call<{ sockets: number; other_processes: number | null }>(
        context,
        'POST',
        `/admin/players/${telegramId}/kick`,
        checked(operatorActionBodySchema, action),
      );
      return show(done, () =>
        context.out(
          `Closed ${done.sockets} socket(s) of ${telegramId} here${elsewhere(done.other_processes)}; the app reconnects by itself.`,
        ),
      );
    }
    case 'ban':
    case 'unban': {
      const telegramId = need(target, 'the Telegram id');
      const body =
        command === 'ban' && values.reason
          ? { telegram_user_id: telegramId, reason: values.reason }
          : { telegram_user_id: telegramId };
      const done = await call<unknown>(context, 'POST', `/admin/${command}`, body);
      return show(done, () =>
        context.out(
          `${command === 'ban' ? 'Banned' : 'Unbanned'} ${telegramId}: applied to open sockets now.`,
        ),
      );
    }
    case 'battles': {
      const battles = await call<RunningBattle[]>(context, 'GET', '/admin/battles');
      return show(battles, () => printBattles(context, battles));
    }
    case 'void-battle': {
      const battleId = need(target, 'the battle id');
      const done = await call<{ audit_id: number }>(
        context,
        'POST',
        `/admin/battles/${battleId}/void`,
        checked(operatorActionBodySchema, action),
      );
      return show(done, () =>
        context.out(
          `Voided battle ${battleId}: stakes and energy are back with its players; audit #${done.audit_id}`,
        ),
      );
    }
    case 'payments': {
      const telegramId = need(target, 'the Telegram id');
      const payments = await call<PaymentRow[]>(context, 'GET', `/admin/players/${telegramId}/payments`);
      return show(payments, () => printPayments(context, payments));
    }
    case 'refund': {
      const chargeId = need(target, 'the charge id (telegram_payment_charge_id)');
      const body = checked(refundBodySchema, {
        ...action,
        allow_shortfall: values['allow-shortfall'] === true,
        ...(values.user === undefined ? {} : { telegram_user_id: values.user }),
      });
      const done = await call<RefundResult>(
        context,
        'POST',
        `/admin/payments/${encodeURIComponent(chargeId)}/refund`,
        body,
      );
      return show(done, () => {
        if (!done.purchase)
          return context.out(`Refunded charge ${chargeId} (no purchase records it); audit #${done.audit_id}`);
        const why = done.anomaly
          ? ` (the payment was an anomaly: ${done.anomaly}; nothing had been credited)`
          : '';
        const shortfall =
          done.shortfall > 0 ? `, ${done.shortfall} already spent (recorded as the shortfall)` : '';
        context.out(
          `Refunded charge ${chargeId}; took back ${done.debited} gems${shortfall}${why}; audit #${done.audit_id}`,
        );
      });
    }
    case 'catalogue': {
      if (target !== 'reload') throw new Refusal(`Did you mean: catalogue reload?\n\n${USAGE}`, 2);
      const done = await call<CatalogueReloadResult>(
        context,
        'POST',
        '/admin/catalogue/reload',
        checked(operatorActionBodySchema, action),
      );
      return show(done, () => {
        context.out(
          `Catalogue reloaded (audit #${done.audit_id}): ${Object.entries(done.counts)
            .map(([file, n]) => `${n} ${file}`)
            .join(', ')}`,
        );
        for (const [file, ids] of Object.entries(done.deactivated))
          context.out(`  left the shop (${file}): ${ids.join(', ')}`);
      });
    }
    case 'reminders': {
      if (target !== 'status' && target !== 'pause' && target !== 'resume')
        throw new Refusal(`Say reminders status, pause or resume\n\n${USAGE}`, 2);
      const state = await call<ReminderStatus>(
        context,
        target === 'status' ? 'GET' : 'POST',
        target === 'status' ? '/admin/reminders' : `/admin/reminders/${target}`,
      );
      return show(state, () => {
        context.out(
          `Reminders ${state.paused ? 'PAUSED' : 'sending'}: ${state.due} due, ${state.pending} queued, oldest due ${state.lag_seconds.toFixed(1)} s ago`,
        );
        if (state.this_process)
          context.out(
            `  this process: ${state.this_process.sent} sent, ${state.this_process.failed} failed, ${state.this_process.blocked} blocked, ${state.this_process.throttled} times told to wait (429)`,
          );
      });
    }
    case 'help':
      return context.out(USAGE);
    case undefined:
      throw new Refusal(USAGE, 2);
    default:
      throw new Refusal(`Unknown command ${command}\n\n${USAGE}`, 2);
  }
}
