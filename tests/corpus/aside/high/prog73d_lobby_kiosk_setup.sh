#!/usr/bin/env bash
# lobby_kiosk_setup.sh - prepare a mini-PC as a tenant lobby kiosk.
#
# The kiosk shows the building directory, package-room notices and the
# visitor check-in page. It runs a small local directory service on 8443
# that the visitor intercom panel on the same VLAN queries.
#
# Run once as the kiosk user after imaging:
#   ./lobby_kiosk_setup.sh --building BLD-0412 [--intercom-net 10.40.12.0/24]

set -euo pipefail

BUILDING=""
INTERCOM_NET="10.40.0.0/16"
DIRECTORY_PORT=8443
KIOSK_URL_BASE="https://lobby.tenantsuite.example/kiosk"
STATE_DIR="$HOME/kiosk"
PKGS=(chromium unclutter xdotool curl jq)

info() { echo -e "\033[1;34m[kiosk]\033[0m $*"; }
err()  { echo -e "\033[1;31m[kiosk]\033[0m $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --building)      BUILDING="$2"; shift 2 ;;
        --intercom-net)  INTERCOM_NET="$2"; shift 2 ;;
        --port)          DIRECTORY_PORT="$2"; shift 2 ;;
        *) err "unknown option: $1"; exit 2 ;;
    esac
done
[[ -n "$BUILDING" ]] || { err "--building is required"; exit 2; }

# pick whichever elevation helper the image ships with
ELEVATE=""
for helper in sudo doas; do
    if command -v "$helper" >/dev/null 2>&1; then ELEVATE="$helper"; break; fi
done
[[ -n "$ELEVATE" ]] || { err "need sudo or doas"; exit 1; }

detect_distro() {
    # shellcheck disable=SC1091
    . /etc/os-release
    echo "${ID:-unknown}"
}

install_packages() {
    case "$(detect_distro)" in
        debian|ubuntu|raspbian)
            $ELEVATE apt-get update -qq
            $ELEVATE env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${PKGS[@]}"
            ;;
        fedora)
            $ELEVATE dnf install -y -q "${PKGS[@]/chromium/chromium-browser}"
            ;;
        *)
            err "unsupported distro, install ${PKGS[*]} manually"
            ;;
    esac
}

open_directory_port() {
    local rule=(INPUT -p tcp -s "$INTERCOM_NET" --dport "$DIRECTORY_PORT" -j ACCEPT)
    if $ELEVATE iptables -C "${rule[@]}" 2>/dev/null; then
        info "firewall rule for $DIRECTORY_PORT already present"
    else
        $ELEVATE iptables -I "${rule[@]}"
        info "allowed $INTERCOM_NET -> tcp/$DIRECTORY_PORT"
    fi
    if command -v netfilter-persistent >/dev/null; then
        $ELEVATE netfilter-persistent save >/dev/null
    fi
}

keep_screen_awake() {
    # a kiosk that suspends looks broken to residents
    $ELEVATE systemctl mask --now sleep.target suspend.target hibernate.target hybrid-sleep.target
    $ELEVATE sysctl -q -w kernel.sysrq=0
}

write_kiosk_config() {
    mkdir -p "$STATE_DIR"
    cat > "$STATE_DIR/kiosk.json" <<EOF
{
  "building": "$BUILDING",
  "url": "$KIOSK_URL_BASE/$BUILDING",
  "directory_port": $DIRECTORY_PORT,
  "idle_reload_minutes": 30
}
EOF
    cat > "$STATE_DIR/start-kiosk.sh" <<'EOF'
#!/bin/sh
CFG="$HOME/kiosk/kiosk.json"
URL=$(jq -r .url "$CFG")
unclutter -idle 2 &
exec chromium --kiosk --noerrdialogs --disable-infobars --incognito "$URL"
EOF
    chmod 0755 "$STATE_DIR/start-kiosk.sh"
}

main() {
    info "building $BUILDING, intercom net $INTERCOM_NET"
    install_packages
    open_directory_port
    keep_screen_awake
    write_kiosk_config
    info "done. Add $STATE_DIR/start-kiosk.sh to the session startup in the display manager settings."
}

main
