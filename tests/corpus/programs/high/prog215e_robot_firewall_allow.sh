#!/usr/bin/env bash
# Allow the fill station to reach the counting robots and label printers.
# Reads ./robot_endpoints.ini, turns each endpoint into an iptables OUTPUT
# ACCEPT rule (python does the parsing), and inserts any rule that is not
# already present. Existing rules and policies are left untouched.
#
# Usage: prog215e_robot_firewall_allow.sh [-c config] [-n] [-r]
set -euo pipefail

CONFIG="./robot_endpoints.ini"
DRY_RUN=0
REMOVE=0
COMMENT="rx-robot-allow"

log() { echo "$(date '+%F %T') [robot-fw] $*" >&2; }

while getopts ":c:nr" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        r) REMOVE=1 ;;
        *) echo "usage: $0 [-c config] [-n] [-r]" >&2; exit 2 ;;
    esac
done

if [[ ! -f "$CONFIG" ]]; then
    log "config $CONFIG not found; writing example"
    cat > "$CONFIG" <<'INI'
[counting-robot-1]
host = 192.0.2.20
port = 9100
proto = tcp

[label-printer-front]
host = 192.0.2.31
port = 631
proto = tcp
INI
fi

# Python validates the config and prints one rule spec per line.
rule_specs() {
    ROBOT_CONFIG="$CONFIG" ROBOT_COMMENT="$COMMENT" python3 - <<'PY'
import configparser, ipaddress, os, sys
cfg = configparser.ConfigParser()
cfg.read(os.environ["ROBOT_CONFIG"])
bad = 0
for name in cfg.sections():
    sec = cfg[name]
    try:
        host = str(ipaddress.ip_address(sec.get("host", "").strip()))
        port = int(sec.get("port", "0"))
        proto = sec.get("proto", "tcp").strip().lower()
        if not (0 < port < 65536) or proto not in ("tcp", "udp"):
            raise ValueError("port/proto")
    except ValueError as exc:
        sys.stderr.write(f"skipping [{name}]: {exc}\n")
        bad += 1
        continue
    print(f"-d {host}/32 -p {proto} --dport {port} -m comment --comment "
          f"{os.environ['ROBOT_COMMENT']}-{name} -j ACCEPT")
sys.exit(1 if bad and not cfg.sections() else 0)
PY
}

specs="$(rule_specs)"
if [[ -z "$specs" ]]; then
    log "no valid endpoints"; exit 1
fi

added=0; removed=0; present=0
while IFS= read -r spec; do
    read -r -a args <<<"$spec"
    if (( DRY_RUN )); then
        echo "iptables -I OUTPUT ${spec}"
        continue
    fi
    if sudo iptables -C OUTPUT "${args[@]}" 2>/dev/null; then
        if (( REMOVE )); then
            sudo iptables -D OUTPUT "${args[@]}"
            removed=$((removed + 1))
        else
            present=$((present + 1))
        fi
    elif (( ! REMOVE )); then
        sudo iptables -I OUTPUT 1 "${args[@]}"
        added=$((added + 1))
    fi
done <<<"$specs"

log "added=$added removed=$removed already_present=$present"
