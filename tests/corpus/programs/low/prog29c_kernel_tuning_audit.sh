#!/usr/bin/env bash
# kernel-tuning-audit: compare the live kernel settings with the latency
# profile used on the ingest hosts and write a drift report.  Read-only:
# it never changes a setting, it only reads /proc/sys and /sys.
#
#   ./prog29c_kernel_tuning_audit.sh            # table on stdout
#   ./prog29c_kernel_tuning_audit.sh --report   # also save ./reports/*.tsv

set -euo pipefail

REPORT_DIR="${REPORT_DIR:-./reports}"
WRITE_REPORT=0

# key (path under /proc/sys or /sys)       expected value
declare -A PROFILE=(
    ["/proc/sys/net/core/somaxconn"]="4096"
    ["/proc/sys/net/core/netdev_max_backlog"]="16384"
    ["/proc/sys/net/ipv4/tcp_fin_timeout"]="15"
    ["/proc/sys/net/ipv4/tcp_tw_reuse"]="1"
    ["/proc/sys/vm/swappiness"]="10"
    ["/proc/sys/vm/dirty_background_ratio"]="5"
    ["/sys/kernel/mm/transparent_hugepage/enabled"]="never"
    ["/sys/kernel/mm/transparent_hugepage/defrag"]="never"
)

for arg in "$@"; do
    case $arg in
        --report) WRITE_REPORT=1 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

current_value() {
    local path=$1 raw
    raw=$(<"$path")
    if [[ $raw =~ \[([a-z]+)\] ]]; then
        echo "${BASH_REMATCH[1]}"
    else
        echo "$raw"
    fi
}

nic_summary() {
    local dev
    for dev in /sys/class/net/*; do
        local name=${dev##*/}
        [[ $name == lo ]] && continue
        local state speed mtu
        state=$(<"$dev/operstate")
        mtu=$(<"$dev/mtu")
        speed=$(cat "$dev/speed" 2>/dev/null || echo "?")
        printf 'nic\t%s\tstate=%s mtu=%s speed=%s\n' "$name" "$state" "$mtu" "$speed"
    done
}

audit() {
    local path expected actual status drift=0
    for path in "${!PROFILE[@]}"; do
        expected=${PROFILE[$path]}
        if [[ ! -r $path ]]; then
            actual="(missing)"; status="n/a"
        else
            actual=$(current_value "$path")
            if [[ $actual == "$expected" ]]; then
                status="ok"
            else
                status="DRIFT"; drift=$((drift + 1))
            fi
        fi
        printf 'setting\t%s\texpected=%s actual=%s %s\n' "$path" "$expected" "$actual" "$status"
    done | sort
    return 0
}

self_info() {
    awk -F':\t*' '/^(Name|Pid|VmRSS|Threads|Cpus_allowed_list):/ {printf "self\t%s\t%s\n", $1, $2}' \
        /proc/self/status
    printf 'host\tkernel\t%s\n' "$(uname -r)"
    printf 'host\tload\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
}

main() {
    local output
    output=$( { self_info; audit; nic_summary; } )
    printf '%s\n' "$output" | column -t -s $'\t'
    local drifts
    drifts=$(grep -c 'DRIFT$' <<<"$output" || true)
    echo
    echo "settings drifting from profile: $drifts"
    if [[ $WRITE_REPORT -eq 1 ]]; then
        mkdir -p "$REPORT_DIR"
        local file="$REPORT_DIR/tuning-$(hostname -s)-$(date +%Y%m%d-%H%M).tsv"
        printf '%s\n' "$output" >"$file"
        echo "report saved to $file"
    fi
}

main
