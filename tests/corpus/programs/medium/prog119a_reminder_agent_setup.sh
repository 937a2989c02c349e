#!/bin/sh
# reminder_agent_setup.sh - install the collection reminder agent for the
# front desk PC. The agent (reminder_agent.py) reads the repair ledger and
# texts customers whose watches / clocks / panels are ready to collect.
#
#   ./reminder_agent_setup.sh [--prefix DIR] [--ledger PATH] [--sms-key KEY]
set -eu

PREFIX="${HOME}/.local/share/reminder-agent"
LEDGER="${HOME}/Workshop/repairs.db"
SMS_KEY="${REMINDER_SMS_KEY:-}"
STAGE=/tmp/reminder-agent-build
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"

say() { echo "[setup] $*"; }
fail() { echo "[setup] error: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) PREFIX="$2"; shift 2 ;;
    --ledger) LEDGER="$2"; shift 2 ;;
    --sms-key) SMS_KEY="$2"; shift 2 ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) fail "unknown option $1" ;;
  esac
done

command -v python3 >/dev/null 2>&1 || fail "python3 is required"
[ -f "$SRC_DIR/reminder_agent.py" ] || fail "reminder_agent.py not found next to this script"
[ -f "$LEDGER" ] || say "warning: ledger $LEDGER does not exist yet"

say "staging in $STAGE"
rm -rf "$STAGE"
mkdir -p "$STAGE"
cp "$SRC_DIR/reminder_agent.py" "$SRC_DIR/templates.txt" "$STAGE/" 2>/dev/null \
  || cp "$SRC_DIR/reminder_agent.py" "$STAGE/"
python3 -m py_compile "$STAGE/reminder_agent.py" || fail "agent does not compile"

say "creating virtualenv"
mkdir -p "$PREFIX"
[ -d "$PREFIX/venv" ] || python3 -m venv "$PREFIX/venv"
"$PREFIX/venv/bin/pip" install --quiet --upgrade requests

cp "$STAGE"/* "$PREFIX/"

CONF="$PREFIX/agent.ini"
if [ ! -f "$CONF" ]; then
  cat > "$CONF" <<EOF
[ledger]
path = $LEDGER

[sms]
api = https://api.textlocal-gateway.co.uk/v1/messages
key = $SMS_KEY
sender = TickTock

[schedule]
quiet_hours = 20-09
remind_after_days = 3,10,30
EOF
  chmod 600 "$CONF"
  say "wrote $CONF"
else
  say "keeping existing $CONF"
fi

cat > "$PREFIX/run-agent" <<EOF
#!/bin/sh
exec "$PREFIX/venv/bin/python" "$PREFIX/reminder_agent.py" --config "$CONF" "\$@"
EOF
chmod 755 "$PREFIX/run-agent"

rm -rf "$STAGE"
say "installed to $PREFIX"
say "send today's reminders with: $PREFIX/run-agent --once"
