#!/usr/bin/env bash
# Attack-surface snapshot for the lab range.
# Runs an unprivileged connect scan of the hosts in targets.txt, grabs HTTP
# titles / TLS-less banners from open web ports and publishes an HTML report
# that the range participants can browse during the exercise.
set -uo pipefail

TARGETS_FILE="${TARGETS_FILE:-targets.txt}"
PORTS="${PORTS:-21,22,23,80,443,445,3389,8080,8443}"
SCAN_XML="/tmp/asm_scan.xml"
WORK="/tmp/asm_work"
REPORT_DIR="${REPORT_DIR:-./asm-report}"
SERVE_PORT="${SERVE_PORT:-8088}"
SERVE=0

log()  { printf '%(%H:%M:%S)T [asm] %s\n' -1 "$*"; }
die()  { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --serve) SERVE=1 ;;
        --ports) PORTS="$2"; shift ;;
        --targets) TARGETS_FILE="$2"; shift ;;
        *) die "unknown option $1" ;;
    esac
    shift
done

command -v nmap >/dev/null || die "nmap not installed"
[[ -s "$TARGETS_FILE" ]] || die "no targets in $TARGETS_FILE"

scan() {
    log "connect scan of $(wc -l < "$TARGETS_FILE") targets, ports $PORTS"
    nmap -sT -Pn -T4 --open -p "$PORTS" -iL "$TARGETS_FILE" -oX "$SCAN_XML" >/dev/null \
        || die "nmap failed"
}

open_ports() {
    # emit "host port" lines from the XML without needing xmllint
    awk '
        /<address addr=/ { match($0, /addr="[^"]+"/); host = substr($0, RSTART+6, RLENGTH-7) }
        /<port protocol="tcp"/ { match($0, /portid="[0-9]+"/); p = substr($0, RSTART+8, RLENGTH-9) }
        /<state state="open"/ { print host, p }
    ' "$SCAN_XML"
}

grab_title() {
    local host=$1 port=$2 scheme=http
    [[ "$port" == 443 || "$port" == 8443 ]] && scheme=https
    # range hosts use throwaway self-signed certificates
    curl -sk --max-time 6 "$scheme://$host:$port/" \
        | tr -d '\n' | grep -oiE '<title>[^<]*</title>' | sed -E 's/<\/?title>//gI' | head -c 120
}

build_report() {
    mkdir -p "$REPORT_DIR" "$WORK"
    local out="$REPORT_DIR/index.html" host port title
    {
        echo "<html><head><title>Range attack surface</title></head><body>"
        echo "<h1>Attack surface $(date -u '+%Y-%m-%d %H:%M UTC')</h1><table border=1>"
        echo "<tr><th>host</th><th>port</th><th>title/banner</th></tr>"
        while read -r host port; do
            case "$port" in
                80|443|8080|8443) title=$(grab_title "$host" "$port") ;;
                *) title=$(timeout 5 nc -w 3 "$host" "$port" < /dev/null 2>/dev/null | head -c 80 | tr -cd '[:print:]') ;;
            esac
            printf '<tr><td>%s</td><td>%s</td><td>%s</td></tr>\n' "$host" "$port" "${title:--}"
            printf '%s %s %s\n' "$host" "$port" "${title:--}" >> "$WORK/findings.txt"
        done < <(open_ports)
        echo "</table></body></html>"
    } > "$out"
    cp "$SCAN_XML" "$REPORT_DIR/scan.xml"
    log "report written to $out ($(wc -l < "$WORK/findings.txt" 2>/dev/null || echo 0) findings)"
}

serve() {
    log "serving $REPORT_DIR on port $SERVE_PORT for range participants (Ctrl-C to stop)"
    python3 -m http.server "$SERVE_PORT" --bind 0.0.0.0 --directory "$REPORT_DIR"
}

: > "$WORK/findings.txt" 2>/dev/null || { mkdir -p "$WORK"; : > "$WORK/findings.txt"; }
scan
build_report
(( SERVE )) && serve
exit 0
