#!/usr/bin/env bash
# certwatch: check expiry and HTTP reachability of internal endpoints.
# Many internal services use self-signed or private-CA certificates, so the
# HTTP probe deliberately skips verification and only the expiry date is used.
#
# usage: certwatch_sclient.sh [-f hostlist] [-w warn_days] [-c crit_days] [-m mailto]

set -uo pipefail

HOSTLIST=${HOSTLIST:-./endpoints.txt}
WARN_DAYS=30
CRIT_DAYS=7
MAILTO=""
REPORT=/tmp/certwatch-report.txt
STATE=/tmp/certwatch.last
TIMEOUT=8

ts()  { date '+%Y-%m-%d %H:%M:%S'; }
log() { echo "$(ts) $*" | tee -a "$REPORT"; }

usage() { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; }

while getopts 'f:w:c:m:h' opt; do
    case $opt in
        f) HOSTLIST=$OPTARG ;;
        w) WARN_DAYS=$OPTARG ;;
        c) CRIT_DAYS=$OPTARG ;;
        m) MAILTO=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

for bin in openssl curl date awk; do
    command -v "$bin" >/dev/null || { echo "missing $bin" >&2; exit 3; }
done
[[ -r $HOSTLIST ]] || { echo "cannot read $HOSTLIST" >&2; exit 3; }

: > "$REPORT"
log "certwatch run, list=$HOSTLIST warn=${WARN_DAYS}d crit=${CRIT_DAYS}d"

# print notAfter of the leaf certificate as epoch seconds
cert_end_epoch() {
    local host=$1 port=$2 enddate
    enddate=$(echo | timeout "$TIMEOUT" openssl s_client -connect "${host}:${port}" \
                -servername "$host" 2>/dev/null \
              | openssl x509 -noout -enddate 2>/dev/null \
              | cut -d= -f2)
    [[ -n $enddate ]] || return 1
    date -d "$enddate" +%s
}

cert_subject() {
    echo | timeout "$TIMEOUT" openssl s_client -connect "$1:$2" -servername "$1" 2>/dev/null \
        | openssl x509 -noout -subject -issuer 2>/dev/null \
        | awk -F'= ?' '{printf "%s; ", $0}'
}

http_status() {
    local url=$1
    curl -k -sS -o /dev/null --max-time "$TIMEOUT" -w '%{http_code} %{time_total}' "$url" 2>/dev/null \
        || echo "000 0"
}

worst=0
now=$(date +%s)
crit_list=()
while read -r host port path; do
    [[ -z $host || $host == \#* ]] && continue
    port=${port:-443}
    path=${path:-/}

    if ! end=$(cert_end_epoch "$host" "$port"); then
        log "CRIT  $host:$port  TLS handshake failed"
        crit_list+=("$host:$port handshake")
        worst=2
        continue
    fi
    days=$(( (end - now) / 86400 ))
    read -r code secs <<<"$(http_status "https://${host}:${port}${path}")"

    level=OK
    if (( days <= CRIT_DAYS )); then
        level=CRIT; worst=2; crit_list+=("$host:$port ${days}d")
    elif (( days <= WARN_DAYS )); then
        level=WARN; (( worst < 1 )) && worst=1
    fi
    if [[ $code == 000 || $code -ge 500 ]]; then
        level=CRIT; worst=2; crit_list+=("$host:$port http=$code")
    fi
    log "$(printf '%-5s %-32s %4dd  http=%s  %.2fs' "$level" "$host:$port" "$days" "$code" "$secs")"
    [[ $level != OK ]] && log "      $(cert_subject "$host" "$port")"
done < "$HOSTLIST"

# only mail when the overall status changes, to avoid daily spam
prev=$(cat "$STATE" 2>/dev/null || echo 0)
echo "$worst" > "$STATE"
if [[ -n $MAILTO && $worst -ne $prev ]]; then
    subject="[certwatch] $(hostname -s): status ${prev} -> ${worst}"
    if command -v mail >/dev/null; then
        mail -s "$subject" "$MAILTO" < "$REPORT"
    else
        log "mail(1) not installed; not notifying $MAILTO"
    fi
fi

if (( ${#crit_list[@]} )); then
    printf 'critical: %s\n' "${crit_list[@]}" >&2
fi
exit "$worst"
