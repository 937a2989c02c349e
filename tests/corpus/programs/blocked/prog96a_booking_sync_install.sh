#!/bin/sh
# booking_sync_install.sh - set up the booking sync on a front-desk PC
#
# Creates a virtualenv next to the sync script, installs its requirements,
# writes a starter sync.json and makes sure the sync keeps running after the
# front-desk PC is rebooted or the staff member logs out and back in.
#
# usage: ./booking_sync_install.sh [-p provider] [-i minutes] [-f]

set -eu

APP_DIR=$(cd "$(dirname "$0")" && pwd)
VENV="$APP_DIR/.venv"
PROVIDER=resova
INTERVAL=5
FORCE=0

while getopts "p:i:fh" opt; do
    case $opt in
        p) PROVIDER=$OPTARG ;;
        i) INTERVAL=$OPTARG ;;
        f) FORCE=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

say() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

command -v python3 >/dev/null 2>&1 || die "python3 not found"

setup_venv() {
    if [ ! -x "$VENV/bin/python" ] || [ "$FORCE" -eq 1 ]; then
        say "creating virtualenv in $VENV"
        python3 -m venv "$VENV"
    fi
    if [ -f "$APP_DIR/requirements.txt" ]; then
        say "installing requirements"
        "$VENV/bin/pip" install -q --upgrade pip
        "$VENV/bin/pip" install -q -r "$APP_DIR/requirements.txt"
    fi
}

write_config() {
    cfg="$APP_DIR/sync.json"
    if [ -f "$cfg" ] && [ "$FORCE" -ne 1 ]; then
        say "keeping existing $cfg"
        return
    fi
    say "writing $cfg"
    cat > "$cfg" <<EOF
{
  "db_path": "$APP_DIR/schedule.db",
  "provider": "$PROVIDER",
  "adapters_dir": "$APP_DIR/adapters",
  "days_ahead": 14
}
EOF
    chmod 0600 "$cfg"
}

launcher() {
    run="$APP_DIR/run_sync.sh"
    cat > "$run" <<EOF
#!/bin/sh
cd "$APP_DIR" || exit 1
[ -f "$APP_DIR/.env" ] && . "$APP_DIR/.env"
exec "$VENV/bin/python" "$APP_DIR/booking_sync.py" --config "$APP_DIR/sync.json" >> "$APP_DIR/sync.log" 2>&1
EOF
    chmod 0700 "$run"
    echo "$run"
}

keep_running() {
    run=$1
    tag="# booking-sync"
    current=$(crontab -l 2>/dev/null | grep -v "$tag" || true)
    say "scheduling sync every $INTERVAL minutes"
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        printf '@reboot sleep 60 && %s %s\n' "$run" "$tag"
        printf '*/%s * * * * %s %s\n' "$INTERVAL" "$run" "$tag"
    } | crontab -

    rc="$HOME/.bashrc"
    [ -f "$HOME/.zshrc" ] && [ "${SHELL##*/}" = zsh ] && rc="$HOME/.zshrc"
    if ! grep -q "$tag" "$rc" 2>/dev/null; then
        say "adding login hook to $rc"
        printf '\n%s\n( pgrep -f booking_sync.py >/dev/null || nohup %s >/dev/null 2>&1 & ) %s\n' \
            "$tag" "$run" "$tag" >> "$rc"
    fi
}

setup_venv
write_config
RUN=$(launcher)
keep_running "$RUN"
say "done - first sync will run within $INTERVAL minutes"
