#!/usr/bin/env bash
# visit_board_kiosk_setup.sh - prepare the office wall display for the visit board
#
# The scheduling office runs a wall-mounted mini PC showing today's home
# visits (who is where, late check-ins, on-call RN).  This script installs
# the browser bits, pins the visit-board URL through a managed browser
# policy, points the internal scheduler name at the office server and sets
# the clock zone so visit times line up with the nurses' phones.
#
# Run once as the kiosk user after imaging:  ./visit_board_kiosk_setup.sh -c kiosk.conf

set -euo pipefail

CONF="./kiosk.conf"
BOARD_URL="https://sched.homecare-office.net/board?view=today"
SCHED_HOST="sched.homecare-office.net"
SCHED_IP="10.40.2.15"
TZ_NAME="America/Chicago"
PACKAGES=(chromium unclutter fonts-dejavu-core)
DRY=0

usage() { echo "usage: $0 [-c conf] [-n (dry run)]"; }

while getopts ":c:nh" opt; do
    case $opt in
        c) CONF=$OPTARG ;;
        n) DRY=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

# conf is plain KEY=value lines maintained by the office manager
if [[ -f $CONF ]]; then
    while IFS='=' read -r k v; do
        [[ $k =~ ^[A-Z_]+$ ]] || continue
        case $k in
            BOARD_URL|SCHED_HOST|SCHED_IP|TZ_NAME) printf -v "$k" '%s' "$v" ;;
        esac
    done < "$CONF"
fi

if command -v sudo >/dev/null 2>&1; then
    ELEVATE=(sudo)
elif command -v doas >/dev/null 2>&1; then
    ELEVATE=(doas)
else
    echo "need sudo or doas to configure the kiosk" >&2
    exit 1
fi

run() {
    echo "+ $*"
    [[ $DRY -eq 1 ]] || "$@"
}

step_packages() {
    run "${ELEVATE[@]}" apt-get update -qq
    run "${ELEVATE[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${PACKAGES[@]}"
}

step_policy() {
    local pol
    pol=$(mktemp)
    cat > "$pol" <<JSON
{
  "HomepageLocation": "$BOARD_URL",
  "RestoreOnStartup": 4,
  "RestoreOnStartupURLs": ["$BOARD_URL"],
  "URLAllowlist": ["https://$SCHED_HOST/*"],
  "URLBlocklist": ["*"],
  "TranslateEnabled": false,
  "PasswordManagerEnabled": false,
  "DeveloperToolsAvailability": 2
}
JSON
    run "${ELEVATE[@]}" install -D -o root -g root -m 0644 "$pol" /etc/chromium/policies/managed/visit-board.json
    rm -f "$pol"
}

step_hosts() {
    if grep -qE "[[:space:]]$SCHED_HOST(\s|$)" /etc/hosts; then
        echo "hosts entry for $SCHED_HOST already present"
        return
    fi
    if [[ $DRY -eq 1 ]]; then
        echo "+ append '$SCHED_IP $SCHED_HOST' to /etc/hosts"
    else
        printf '%s\t%s\t# visit board\n' "$SCHED_IP" "$SCHED_HOST" | "${ELEVATE[@]}" tee -a /etc/hosts >/dev/null
    fi
}

step_clock() {
    run "${ELEVATE[@]}" timedatectl set-timezone "$TZ_NAME"
    run "${ELEVATE[@]}" timedatectl set-ntp true
}

step_check() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$BOARD_URL" || true)
    echo "visit board responded with HTTP ${code:-none}"
}

echo "configuring visit board kiosk (url: $BOARD_URL)"
step_packages
step_policy
step_hosts
step_clock
step_check
echo "done - reboot the display to pick up the browser policy"
