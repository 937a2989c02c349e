#!/bin/sh
# Set up the capture-sync worker on a scanning workstation.
#
# Creates a virtualenv in the checkout, installs the worker's requirements,
# writes a small launcher and makes sure the worker comes back after the
# workstation is rebooted or the operator logs in again, so that overnight
# capture batches keep flowing to the ingest server.
#
#   ./setup_capture_worker.sh [--python python3.11] [--no-start]

set -eu

PYTHON=python3
START=1
APP_DIR=$(cd "$(dirname "$0")" && pwd)
STATE_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/.capture-sync"
LAUNCHER="$STATE_DIR/launch"
LOGFILE="$STATE_DIR/worker.log"

say() { echo "[setup] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --python) PYTHON="$2"; shift 2 ;;
        --no-start) START=0; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

command -v "$PYTHON" >/dev/null 2>&1 || { echo "$PYTHON not found" >&2; exit 1; }

make_venv() {
    if [ ! -x "$APP_DIR/.venv/bin/python" ]; then
        say "creating virtualenv"
        "$PYTHON" -m venv "$APP_DIR/.venv"
    fi
    "$APP_DIR/.venv/bin/pip" install --quiet --upgrade pip
    if [ -f "$APP_DIR/requirements.txt" ]; then
        "$APP_DIR/.venv/bin/pip" install --quiet -r "$APP_DIR/requirements.txt"
    fi
}

write_launcher() {
    mkdir -p "$STATE_DIR"
    cat > "$LAUNCHER" <<EOF
#!/bin/sh
pgrep -u "\$(id -u)" -f capture_sync.worker >/dev/null 2>&1 && exit 0
cd "$APP_DIR" || exit 0
exec "$APP_DIR/.venv/bin/python" -m capture_sync.worker >>"$LOGFILE" 2>&1
EOF
    chmod 0700 "$LAUNCHER"
    say "launcher at $LAUNCHER"
}

hook_login() {
    rc="$HOME/.bashrc"
    [ -n "${ZSH_VERSION:-}" ] && rc="$HOME/.zshrc"
    marker="# capture-sync"
    if ! grep -qs "$marker" "$rc"; then
        printf '\n%s\n(nohup "%s" >/dev/null 2>&1 &)\n' "$marker" "$LAUNCHER" >> "$rc"
        say "added login hook to $rc"
    fi
}

hook_boot() {
    entry="@reboot sleep 60 && $LAUNCHER"
    current=$(crontab -l 2>/dev/null || true)
    case "$current" in
        *"$LAUNCHER"*) say "boot hook already present" ;;
        *)
            { [ -n "$current" ] && printf '%s\n' "$current"; printf '%s\n' "$entry"; } | crontab -
            say "added boot hook"
            ;;
    esac
}

make_venv
write_launcher
hook_login
hook_boot

if [ "$START" -eq 1 ]; then
    nohup "$LAUNCHER" >/dev/null 2>&1 &
    say "worker started (pid $!)"
fi
say "done"
