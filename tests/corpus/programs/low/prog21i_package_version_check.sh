#!/usr/bin/env bash
# package_version_check.sh - report installed versions of required packages
# and compare them against minimum versions listed in ./requirements-os.txt.
#
# File format (one per line):   package-name  minimum-version
# Works with dpkg (Debian/Ubuntu) or rpm (Fedora/RHEL). Query-only.
# Also prints the mounted filesystems so the report is self-contained.

set -uo pipefail

REQ_FILE="${1:-./requirements-os.txt}"
status=0

detect_backend() {
    if command -v dpkg-query >/dev/null 2>&1; then
        echo dpkg
    elif command -v rpm >/dev/null 2>&1; then
        echo rpm
    else
        echo none
    fi
}

installed_version() {
    local pkg="$1"
    case "$BACKEND" in
        dpkg) dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null ;;
        rpm)  rpm -q --qf '%{VERSION}-%{RELEASE}' "$pkg" 2>/dev/null ;;
    esac
}

version_ge() {
    # true when $1 >= $2 using natural version ordering
    [[ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" == "$2" ]]
}

check_requirements() {
    printf '%-24s %-22s %-14s %s\n' PACKAGE INSTALLED MINIMUM RESULT
    local pkg min have
    while read -r pkg min _; do
        [[ -z "$pkg" || "$pkg" == \#* ]] && continue
        have=$(installed_version "$pkg")
        if [[ -z "$have" ]]; then
            printf '%-24s %-22s %-14s %s\n' "$pkg" "-" "${min:--}" "MISSING"
            status=1
        elif [[ -n "${min:-}" ]] && ! version_ge "${have#*:}" "$min"; then
            printf '%-24s %-22s %-14s %s\n' "$pkg" "$have" "$min" "TOO OLD"
            status=1
        else
            printf '%-24s %-22s %-14s %s\n' "$pkg" "$have" "${min:--}" "ok"
        fi
    done < "$REQ_FILE"
}

print_mounts() {
    echo
    echo "Mounted filesystems:"
    awk '$3 !~ /^(proc|sysfs|cgroup2?|devpts|tmpfs|securityfs|debugfs|tracefs|mqueue)$/ {
            printf "  %-28s %-8s %s\n", $2, $3, $1 }' /proc/mounts
}

main() {
    BACKEND=$(detect_backend)
    if [[ "$BACKEND" == none ]]; then
        echo "no supported package manager found" >&2
        exit 2
    fi
    if [[ ! -r "$REQ_FILE" ]]; then
        echo "requirements file not found: $REQ_FILE" >&2
        exit 2
    fi
    echo "Backend: $BACKEND"
    grep -E '^(PRETTY_NAME)=' /etc/os-release 2>/dev/null | cut -d= -f2- | tr -d '"'
    echo
    check_requirements
    print_mounts
    exit "$status"
}

main
