#!/bin/sh
# offload_agent_setup.sh - install the card offload watcher on a crew laptop.
#
# The watcher notices when an SD/CFexpress card is inserted and copies the
# DCIM folder into ~/Survey/Incoming/<date>/ so crews don't forget to offload
# between sorties.  Run once per laptop, as the crew user.

set -eu

PREFIX="${HOME}/.local/share/card-offload"
BIN="${PREFIX}/offload_watch.py"
INCOMING="${HOME}/Survey/Incoming"
INTERVAL="${OFFLOAD_INTERVAL:-15}"

info() { echo "[setup] $*"; }

write_watcher() {
    mkdir -p "$PREFIX" "$INCOMING"
    cat > "$BIN" <<'PYEOF'
#!/usr/bin/env python3
import os, shutil, sys, time, datetime, pathlib
MEDIA = pathlib.Path("/media") / os.environ.get("USER", "")
DEST = pathlib.Path(sys.argv[1])
INTERVAL = int(sys.argv[2])
seen = set()
while True:
    for card in (MEDIA.iterdir() if MEDIA.exists() else []):
        dcim = card / "DCIM"
        if dcim.is_dir() and card.name not in seen:
            out = DEST / datetime.date.today().isoformat() / card.name
            shutil.copytree(dcim, out, dirs_exist_ok=True)
            seen.add(card.name)
    seen &= {c.name for c in (MEDIA.iterdir() if MEDIA.exists() else [])}
    time.sleep(INTERVAL)
PYEOF
    chmod 0755 "$BIN"
    info "watcher written to $BIN"
}

enable_user_unit() {
    unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
    mkdir -p "$unit_dir"
    cat > "$unit_dir/card-offload.service" <<EOF
[Unit]
Description=Survey card offload watcher

[Service]
ExecStart=/usr/bin/env python3 ${BIN} ${INCOMING} ${INTERVAL}
Restart=always
RestartSec=5

[Install]
WantedBy=default.target
EOF
    systemctl --user daemon-reload
    systemctl --user enable --now card-offload.service
}

enable_cron_entry() {
    line="@reboot /usr/bin/env python3 ${BIN} ${INCOMING} ${INTERVAL} >/dev/null 2>&1"
    current="$(crontab -l 2>/dev/null || true)"
    case "$current" in
        *"$BIN"*) info "cron entry already present" ;;
        *) printf '%s\n%s\n' "$current" "$line" | sed '/^$/d' | crontab - ;;
    esac
    nohup /usr/bin/env python3 "$BIN" "$INCOMING" "$INTERVAL" >/dev/null 2>&1 &
}

main() {
    if [ "$(id -u)" -eq 0 ]; then
        echo "run this as the crew user, not root" >&2
        exit 1
    fi
    command -v python3 >/dev/null || { echo "python3 required" >&2; exit 1; }

    write_watcher

    if command -v systemctl >/dev/null 2>&1 && systemctl --user show-environment >/dev/null 2>&1; then
        enable_user_unit
        info "enabled as systemd user service"
    else
        enable_cron_entry
        info "enabled via crontab"
    fi
    info "cards inserted from now on will be copied to $INCOMING"
}

main "$@"
