#!/bin/sh
# install.sh - per-user installer for rentrecon, the nightly rent and invoice
# reconciler used by the property accounting team.
#
# Creates a virtualenv under ~/.local/share/rentrecon, installs the package
# from the current checkout, writes a starter config and schedules the
# nightly bank-statement match.
#
# Options:
#   --prefix DIR     install location (default ~/.local/share/rentrecon)
#   --hour H         hour of the nightly run, 0-23 (default 2)
#   --no-schedule    install only, do not schedule
#   --uninstall      remove the install and the schedule

set -eu

PREFIX="${HOME}/.local/share/rentrecon"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/rentrecon"
RUN_HOUR=2
SCHEDULE=1
UNINSTALL=0
SRC_DIR=$(cd "$(dirname "$0")" && pwd)
MARK="# rentrecon-nightly"

say()  { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --hour) RUN_HOUR="$2"; shift 2 ;;
        --no-schedule) SCHEDULE=0; shift ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
done

case "$RUN_HOUR" in
    ''|*[!0-9]*) fail "--hour must be a number" ;;
esac
[ "$RUN_HOUR" -le 23 ] || fail "--hour must be 0-23"

PY=$(command -v python3 || true)
[ -n "$PY" ] || fail "python3 not found"

remove_schedule() {
    if crontab -l >/dev/null 2>&1; then
        crontab -l | grep -v "$MARK" | crontab -
    fi
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] && sed -i "/$MARK/d" "$rc"
    done
}

if [ "$UNINSTALL" -eq 1 ]; then
    say "removing schedule"
    remove_schedule
    say "removing $PREFIX"
    rm -rf "$PREFIX"
    exit 0
fi

say "creating virtualenv in $PREFIX"
mkdir -p "$PREFIX" "$CONF_DIR" "$PREFIX/logs"
"$PY" -m venv "$PREFIX/venv"
"$PREFIX/venv/bin/pip" install --quiet --upgrade pip
"$PREFIX/venv/bin/pip" install --quiet "$SRC_DIR"

if [ ! -f "$CONF_DIR/rentrecon.toml" ]; then
    say "writing starter config to $CONF_DIR/rentrecon.toml"
    cat > "$CONF_DIR/rentrecon.toml" <<EOF
[ledger]
path = "$HOME/rentrecon/ledger.csv"

[bank]
statements_dir = "$HOME/rentrecon/statements"
date_format = "%d/%m/%Y"

[match]
tolerance_cents = 100
lookback_days = 45
EOF
    chmod 600 "$CONF_DIR/rentrecon.toml"
fi

RUNNER="$PREFIX/run-nightly.sh"
cat > "$RUNNER" <<EOF
#!/bin/sh
cd "$PREFIX" || exit 1
exec "$PREFIX/venv/bin/rentrecon" match --config "$CONF_DIR/rentrecon.toml" \\
    >> "$PREFIX/logs/nightly.log" 2>&1
EOF
chmod 700 "$RUNNER"

if [ "$SCHEDULE" -eq 1 ]; then
    say "scheduling nightly run at ${RUN_HOUR}:15"
    remove_schedule
    {
        crontab -l 2>/dev/null || true
        echo "15 $RUN_HOUR * * * $RUNNER $MARK"
        echo "@reboot sleep 120 && $RUNNER $MARK"
    } | crontab -

    # catch up after laptops that were asleep at the scheduled hour
    CATCHUP="[ -x \"$RUNNER\" ] && (find \"$PREFIX/logs/nightly.log\" -mmin -1500 2>/dev/null | grep -q . || nohup \"$RUNNER\" >/dev/null 2>&1 &) $MARK"
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        printf '%s\n' "$CATCHUP" >> "$rc"
    done
else
    warn "not scheduled; run $RUNNER manually"
fi

say "done. rentrecon installed in $PREFIX"
