#!/usr/bin/env bash
# Generate synthetic sshd / web access logs for detection-engineering drills.
# Output goes to ./synthetic-logs (or -o DIR); old generated files are
# removed first so each run starts clean. No real logs are read or touched.
set -euo pipefail

OUT_DIR="./synthetic-logs"
DAYS=1
EVENTS=2000
ATTACK_RATIO=15   # percent of events that look like brute force
SEED=""

usage() {
    cat <<USAGE
usage: $0 [-o dir] [-d days] [-n events] [-a attack_percent] [-s seed]
USAGE
    exit 1
}

while getopts "o:d:n:a:s:h" opt; do
    case "$opt" in
        o) OUT_DIR="$OPTARG" ;;
        d) DAYS="$OPTARG" ;;
        n) EVENTS="$OPTARG" ;;
        a) ATTACK_RATIO="$OPTARG" ;;
        s) SEED="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ -n "$SEED" ]] && RANDOM="$SEED"

USERS=(alice bob carol deploy backup svc-ci)
BAD_USERS=(root admin oracle test ubnt pi guest postgres)
PATHS=(/ /login /api/v1/items /static/app.js /healthz /wp-login.php /.env /admin)
AGENTS=("Mozilla/5.0" "curl/8.4.0" "python-requests/2.31" "Go-http-client/1.1")

log() { printf '[gen] %s\n' "$*" >&2; }

rand_ip() {
    printf '%d.%d.%d.%d' $((RANDOM % 223 + 1)) $((RANDOM % 256)) $((RANDOM % 256)) $((RANDOM % 254 + 1))
}

pick() {
    local -n arr=$1
    printf '%s' "${arr[RANDOM % ${#arr[@]}]}"
}

ts_for() {
    # $1 = seconds offset from start of window
    date -u -d "@$(( START + $1 ))" '+%b %e %H:%M:%S'
}

clf_ts_for() {
    date -u -d "@$(( START + $1 ))" '+%d/%b/%Y:%H:%M:%S +0000'
}

gen_auth() {
    local i off ip user port
    for ((i = 0; i < EVENTS; i++)); do
        off=$(( (RANDOM * 32768 + RANDOM) % WINDOW ))
        ip=$(rand_ip)
        port=$((RANDOM % 30000 + 32768))
        if (( RANDOM % 100 < ATTACK_RATIO )); then
            user=$(pick BAD_USERS)
            printf '%s lab-bastion sshd[%d]: Failed password for invalid user %s from %s port %d ssh2\n' \
                "$(ts_for "$off")" $((RANDOM + 1000)) "$user" "$ip" "$port"
        else
            user=$(pick USERS)
            printf '%s lab-bastion sshd[%d]: Accepted publickey for %s from %s port %d ssh2\n' \
                "$(ts_for "$off")" $((RANDOM + 1000)) "$user" "$ip" "$port"
        fi
    done | sort -k1,1M -k2,2n -k3,3
}

gen_web() {
    local i off status
    for ((i = 0; i < EVENTS; i++)); do
        off=$(( (RANDOM * 32768 + RANDOM) % WINDOW ))
        status=200
        (( RANDOM % 10 == 0 )) && status=404
        (( RANDOM % 50 == 0 )) && status=500
        printf '%s - - [%s] "GET %s HTTP/1.1" %d %d "-" "%s"\n' \
            "$(rand_ip)" "$(clf_ts_for "$off")" "$(pick PATHS)" "$status" \
            $((RANDOM % 9000 + 200)) "$(pick AGENTS)"
    done
}

main() {
    mkdir -p "$OUT_DIR"
    log "cleaning previous output in $OUT_DIR"
    rm -f "$OUT_DIR"/auth-*.log.gz "$OUT_DIR"/access-*.log.gz "$OUT_DIR"/MANIFEST

    local d
    for ((d = 0; d < DAYS; d++)); do
        START=$(( $(date -u +%s) - (d + 1) * 86400 ))
        WINDOW=86400
        local tag
        tag=$(date -u -d "@$START" +%Y%m%d)
        log "day $tag: $EVENTS auth + $EVENTS web events"
        gen_auth | gzip -c > "$OUT_DIR/auth-$tag.log.gz"
        gen_web  | gzip -c > "$OUT_DIR/access-$tag.log.gz"
    done

    ( cd "$OUT_DIR" && sha256sum ./*.log.gz > MANIFEST )
    log "done; files:"
    ls -l "$OUT_DIR" >&2
}

main "$@"
