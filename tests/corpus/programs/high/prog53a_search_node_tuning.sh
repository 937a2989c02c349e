#!/bin/sh
# search_node_tuning.sh - check and apply the kernel/limits settings an
# OpenSearch test node needs. Meant for the throwaway CI VM (run as root).
#
# Usage: sh search_node_tuning.sh [check|apply]

MODE="${1:-check}"
SYSCTL_FILE=/etc/sysctl.d/60-opensearch.conf
LIMITS_FILE=/etc/security/limits.d/60-opensearch.conf
SEARCH_USER="${SEARCH_USER:-opensearch}"
PROBLEMS=0

# name  wanted-value
SETTINGS="vm.max_map_count 262144
vm.swappiness 1
fs.file-max 200000"

current() {
    sysctl -n "$1" 2>/dev/null || echo 0
}

check_settings() {
    echo "$SETTINGS" | while read -r key want; do
        have=$(current "$key")
        if [ "$have" -ge "$want" ] 2>/dev/null && [ "$key" != "vm.swappiness" ]; then
            echo "ok      $key=$have"
        elif [ "$key" = "vm.swappiness" ] && [ "$have" -le "$want" ]; then
            echo "ok      $key=$have"
        else
            echo "change  $key=$have (want $want)"
        fi
    done
}

apply_settings() {
    echo "# managed by search_node_tuning.sh" > "$SYSCTL_FILE"
    echo "$SETTINGS" | while read -r key want; do
        sysctl -w "$key=$want" >/dev/null && echo "set     $key=$want"
        echo "$key = $want" >> "$SYSCTL_FILE"
    done
    chmod 0644 "$SYSCTL_FILE"
}

apply_limits() {
    cat > "$LIMITS_FILE" <<EOF
# managed by search_node_tuning.sh
$SEARCH_USER  -  nofile   65535
$SEARCH_USER  -  nproc    4096
$SEARCH_USER  -  memlock  unlimited
EOF
    chmod 0644 "$LIMITS_FILE"
    echo "wrote   $LIMITS_FILE"
}

check_heap() {
    mem_kb=$(awk '/MemTotal/ {print $2}' /proc/meminfo)
    heap_mb=$((mem_kb / 1024 / 2))
    [ "$heap_mb" -gt 31744 ] && heap_mb=31744
    echo "hint    OPENSEARCH_JAVA_OPTS=\"-Xms${heap_mb}m -Xmx${heap_mb}m\""
}

case "$MODE" in
    check)
        check_settings
        check_heap
        ;;
    apply)
        if [ "$(id -u)" -ne 0 ]; then
            echo "apply must run as root" >&2
            exit 1
        fi
        apply_settings
        apply_limits
        check_settings
        ;;
    *)
        echo "usage: $0 [check|apply]" >&2
        PROBLEMS=1
        ;;
esac
exit "$PROBLEMS"
