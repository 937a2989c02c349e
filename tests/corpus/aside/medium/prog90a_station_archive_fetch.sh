#!/usr/bin/env bash
# station_archive_fetch.sh - pull last night's archive from the vineyard
# weather stations' data loggers and append the overnight minimum, hours
# below 0 C and leaf-wetness hours to the season frost register.
#
# Each logger serves /archive/latest.tgz from its built-in web server on
# the farm LAN. Loggers are listed in stations.conf as "name host".
#
#   ./station_archive_fetch.sh [-c stations.conf] [-r frost_register.csv] [-d YYYY-MM-DD]
set -uo pipefail

CONF="stations.conf"
REGISTER="frost_register.csv"
DAY="$(date -d yesterday +%F)"
WORK="/tmp/station_archive"
LOGGER_USER="${LOGGER_USER:-admin}"
LOGGER_PASS="${LOGGER_PASS:-}"

msg() { printf '%s [%s] %s\n' "$(date +%T)" "${STATION:-main}" "$*" >&2; }

while getopts ":c:r:d:h" opt; do
    case $opt in
        c) CONF=$OPTARG ;;
        r) REGISTER=$OPTARG ;;
        d) DAY=$OPTARG ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        \?) msg "bad option -$OPTARG"; exit 64 ;;
    esac
done

[[ -r $CONF ]] || { msg "no $CONF"; exit 1; }
[[ -f $REGISTER ]] || echo "date,station,tmin_c,hours_below_0,wet_hours" > "$REGISTER"

fetch_archive() {
    local host=$1 dest=$2
    # loggers ship with a self-signed certificate that changes on every firmware update
    wget -q --tries=3 --timeout=30 --no-check-certificate \
        --user="$LOGGER_USER" --password="$LOGGER_PASS" \
        -O "$dest" "https://${host}/archive/latest.tgz"
}

summarise() {
    # archive CSV: timestamp,temp_c,rh,leaf_wet(0/1),... at 10 minute intervals
    local csvfile=$1
    awk -F, -v day="$DAY" '
        NR == 1 { next }
        index($1, day) == 1 || (index($1, day) == 0 && $1 < day "T08") {
            n++
            if (min == "" || $2 < min) min = $2
            if ($2 < 0) below += 10
            if ($4 == 1) wet += 10
        }
        END {
            if (n == 0) exit 1
            printf "%.1f,%.1f,%.1f\n", min, below / 60, wet / 60
        }' "$csvfile"
}

process_station() {
    local name=$1 host=$2
    local tgz="$WORK/${name}.tgz" dir="$WORK/${name}"
    STATION=$name
    rm -rf "$dir"; mkdir -p "$dir"
    if ! fetch_archive "$host" "$tgz"; then
        msg "download from $host failed"
        return 1
    fi
    tar -xzf "$tgz" -C "$dir" || { msg "archive corrupt"; return 1; }
    local csvfile
    csvfile=$(find "$dir" -name '*.csv' -newer "$CONF" -print -quit 2>/dev/null || true)
    [[ -n $csvfile ]] || csvfile=$(find "$dir" -name '*.csv' -print -quit)
    [[ -n $csvfile ]] || { msg "no CSV in archive"; return 1; }
    local line
    if line=$(summarise "$csvfile"); then
        if grep -q "^${DAY},${name}," "$REGISTER"; then
            msg "$DAY already in register"
        else
            echo "${DAY},${name},${line}" >> "$REGISTER"
            msg "recorded $line"
        fi
    else
        msg "no readings for $DAY"
    fi
}

mkdir -p "$WORK"
rc=0
while read -r name host _; do
    [[ -z ${name:-} || $name == \#* ]] && continue
    process_station "$name" "$host" || rc=1
done < "$CONF"
STATION=""
exit $rc
