#!/usr/bin/env bash
# Register the LIMS and instrument-server host names in /etc/hosts on
# acquisition PCs that sit on the isolated lab VLAN without internal DNS.
# The host list is kept in a JSON file maintained by the LIMS team.
set -euo pipefail

HOSTS_JSON="./lims_hosts.json"
HOSTS_FILE="/etc/hosts"
BEGIN_MARK="# BEGIN lims-hosts"
END_MARK="# END lims-hosts"
DRY_RUN=0

log() { echo "$(date '+%F %T') lims-hosts: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "Usage: $0 [-f lims_hosts.json] [-n]   (-n: print the block only)" >&2
}

while getopts "f:nh" opt; do
    case "$opt" in
        f) HOSTS_JSON="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -r "$HOSTS_JSON" ]] || die "cannot read $HOSTS_JSON"

render_block() {
    # JSON is handed to Python through the environment; output is hosts lines
    LIMS_HOSTS="$(cat "$HOSTS_JSON")" python3 -c '
import ipaddress, json, os, re, sys
name_re = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.-]{0,252}$")
try:
    entries = json.loads(os.environ["LIMS_HOSTS"])
except json.JSONDecodeError as exc:
    sys.exit("invalid JSON: %s" % exc)
for e in entries:
    ip = str(ipaddress.ip_address(e["ip"]))
    names = [n for n in e.get("names", []) if name_re.match(n)]
    if names:
        print("%-16s %s" % (ip, " ".join(names)))
'
}

strip_old_block() {
    # print the hosts file without a previous lims-hosts block
    awk -v b="$BEGIN_MARK" -v e="$END_MARK" '
        $0 == b {skip=1; next}
        $0 == e {skip=0; next}
        !skip {print}' "$HOSTS_FILE"
}

install_block() {
    local block="$1" staged
    staged=$(strip_old_block)
    cp -p "$HOSTS_FILE" "$HOSTS_FILE.lims.bak"
    {
        printf '%s\n' "$staged"
        echo "$BEGIN_MARK"
        printf '%s\n' "$block"
        echo "$END_MARK"
    } > "$HOSTS_FILE"
    chmod 0644 "$HOSTS_FILE"
    log "$HOSTS_FILE updated (backup at $HOSTS_FILE.lims.bak)"
}

main() {
    local block
    block=$(render_block) || die "could not render host block"
    [[ -n "$block" ]] || die "no valid host entries in $HOSTS_JSON"
    log "$(printf '%s\n' "$block" | wc -l) host entries"
    if [[ $DRY_RUN -eq 1 ]]; then
        printf '%s\n' "$block"
        exit 0
    fi
    [[ $EUID -eq 0 ]] || die "run as root to modify $HOSTS_FILE"
    install_block "$block"
    getent hosts "$(printf '%s\n' "$block" | head -n1 | awk '{print $2}')" \
        || log "warning: first entry does not resolve yet"
}

main
