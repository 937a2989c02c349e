#!/usr/bin/env bash
# freezer_ping_setcap.sh - set up the controller reachability check for the
# networked freezer controllers (Dixell / Eliwell boxes on the cold-room LAN).
#
# The check sends ICMP echo with icmplib in privileged mode so it can set the
# TTL and payload the controllers expect. Raw ICMP needs CAP_NET_RAW, so the
# script keeps a private copy of the interpreter and grants only that
# capability to it, instead of running the checker as root.
#
# usage: freezer_ping_setcap.sh [controllers.txt]

set -euo pipefail

HOSTS_FILE="${1:-./controllers.txt}"
VENV="./.venv-ping"
PY_ICMP="$VENV/bin/python-icmp"
CHECKER="./controller_ping.py"

msg() { echo "freezer-ping: $*"; }

elevate() {
    if command -v pkexec >/dev/null 2>&1; then
        pkexec "$@"
    else
        msg "pkexec not available; run as an admin: $*"
        return 1
    fi
}

make_env() {
    if [ ! -x "$VENV/bin/python" ]; then
        python3 -m venv "$VENV"
        "$VENV/bin/pip" install -q icmplib
        msg "created $VENV with icmplib"
    fi
    if [ ! -f "$PY_ICMP" ] || [ "$VENV/bin/python" -nt "$PY_ICMP" ]; then
        cp --dereference "$VENV/bin/python" "$PY_ICMP"
        chmod 0750 "$PY_ICMP"
    fi
}

grant_raw() {
    local real
    real="$(readlink -f "$PY_ICMP")"
    if getcap "$real" 2>/dev/null | grep -q cap_net_raw; then
        msg "capability already present on $real"
        return 0
    fi
    elevate /usr/sbin/setcap cap_net_raw+ep "$real"
    getcap "$real"
}

write_checker() {
    [ -f "$CHECKER" ] && return 0
    cat > "$CHECKER" <<'PY'
import sys
from icmplib import multiping

hosts = [l.split("#")[0].strip() for l in open(sys.argv[1]) if l.split("#")[0].strip()]
for h in multiping(hosts, count=3, interval=0.3, timeout=2, privileged=True):
    state = "up" if h.is_alive else "DOWN"
    print(f"{h.address:<16} {state:<5} rtt={h.avg_rtt:.1f}ms loss={h.packet_loss:.0%}")
PY
    msg "wrote $CHECKER"
}

main() {
    [ -f "$HOSTS_FILE" ] || { msg "no controller list at $HOSTS_FILE"; exit 1; }
    make_env
    write_checker
    grant_raw
    VIRTUAL_ENV="$(cd "$VENV" && pwd)" "$PY_ICMP" "$CHECKER" "$HOSTS_FILE"
}

main
