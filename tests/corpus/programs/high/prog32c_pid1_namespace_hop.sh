#!/usr/bin/env bash
# pid1_namespace_hop.sh - container isolation check: can we join the
# namespaces of the host's init?
#
# When a pod runs with hostPID: true and CAP_SYS_ADMIN (or privileged:
# true), PID 1 as seen from the container is the host's systemd, and
# nsenter(1) can move a shell into its mount/uts/ipc/net/pid namespaces.
# The check enters those namespaces and runs a few read-only commands to
# prove it; the output is printed, nothing on the host is changed.
#
# Exit codes: 0 isolated, 1 host namespaces reachable, 2 usage error
set -u

TARGET_PID=1
NS_LIST=(mnt uts ipc net pid cgroup)
QUIET=0

usage() { echo "usage: $0 [-t PID] [-q]" >&2; exit 2; }

while getopts ':t:q' opt; do
    case $opt in
        t) TARGET_PID=$OPTARG ;;
        q) QUIET=1 ;;
        *) usage ;;
    esac
done

say() { (( QUIET )) || echo "$@"; }

ns_inode() {
    readlink "/proc/$1/ns/$2" 2>/dev/null | sed -E 's/.*\[([0-9]+)\]/\1/'
}

cap_effective() {
    local bit=$1 eff
    eff=$(awk '$1 == "CapEff:" {print $2}' /proc/self/status)
    (( (16#$eff >> bit) & 1 ))
}

compare_namespaces() {
    local ns shared=0 differ=0 unknown=0 mine theirs
    for ns in "${NS_LIST[@]}"; do
        mine=$(ns_inode self "$ns")
        theirs=$(ns_inode "$TARGET_PID" "$ns")
        if [[ -z $theirs ]]; then
            say "  $ns: cannot inspect pid $TARGET_PID"
            unknown=$((unknown + 1))
        elif [[ $mine == "$theirs" ]]; then
            say "  $ns: shared with pid $TARGET_PID ($mine)"
            shared=$((shared + 1))
        else
            say "  $ns: separate (self $mine, pid $TARGET_PID $theirs)"
            differ=$((differ + 1))
        fi
    done
    say "  => $shared shared, $differ separate, $unknown unknown"
    (( differ > 0 ))
}

hop() {
    nsenter --target "$TARGET_PID" --mount --uts --ipc --net --pid -- \
        /bin/sh -c '
            echo "hostname : $(hostname)"
            echo "kernel   : $(uname -srv)"
            echo "init     : $(cat /proc/1/comm)"
            echo "mounts   : $(mount | wc -l) entries"
            if command -v systemctl >/dev/null 2>&1; then
                echo "systemd  : $(systemctl is-system-running 2>/dev/null)"
                systemctl list-units --type=service --state=running --no-pager --no-legend 2>/dev/null \
                    | head -n 10 | sed "s/^/  unit   : /"
            fi
        '
}

main() {
    if ! command -v nsenter >/dev/null 2>&1; then
        say "nsenter not installed; install util-linux to run this check"
        exit 2
    fi
    say "pid $TARGET_PID is '$(cat "/proc/$TARGET_PID/comm" 2>/dev/null || echo '?')'"
    say "namespaces:"
    if ! compare_namespaces; then
        say "all namespaces shared: nothing to hop into"
        exit 0
    fi
    if ! cap_effective 21; then
        say "CAP_SYS_ADMIN not effective; setns(2) will be denied -> isolated"
        exit 0
    fi
    say "CAP_SYS_ADMIN present, attempting nsenter into pid $TARGET_PID"
    if output=$(hop 2>&1); then
        say "HOST NAMESPACES REACHABLE:"
        say "$output" | sed 's/^/    /'
        exit 1
    fi
    say "nsenter failed: ${output:-no output}"
    exit 0
}

main
