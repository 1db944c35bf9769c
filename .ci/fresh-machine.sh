#!/usr/bin/env bash
# The README's two commands on a fresh machine: a new Debian bookworm root (debootstrap, minbase) with
# only what a new machine of this project's kind has (the machine's Node 20 and npm 11 with their npm
# settings and certificates, python3, make, g++, git; no Chromium, no PostgreSQL, no Node 24), a fresh
# clone of this repository's HEAD and ../shared beside it; then, as root in that root:
#   npm install && npm run demo
#   npm install && npm test        (which provisions chromium and postgresql with apt-get itself)
# Prints each step's time and, last, a JSON line. Needs root and a Debian-like host; about 25 minutes.
# Usage: bash .ci/fresh-machine.sh [work-dir]   (the work dir is removed at the end unless KEEP=1)
set -euo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${1:-$(mktemp -d /var/tmp/fresh-machine.XXXXXX)}"
NEW_ROOT="$WORK/root"
mkdir -p "$WORK"

[ "$(id -u)" = 0 ] || { echo "fresh-machine: needs root (debootstrap, chroot, mount)" >&2; exit 1; }
command -v node >/dev/null && command -v npm >/dev/null || { echo "fresh-machine: the machine's node and npm are copied in: none here" >&2; exit 1; }
if ! command -v debootstrap >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
fi

cleanup() {
  for mount in "$NEW_ROOT/tmp" "$NEW_ROOT/dev" "$NEW_ROOT/sys" "$NEW_ROOT/proc"; do
    mountpoint -q "$mount" && umount -R -l "$mount"
  done
  [ "${KEEP:-0}" = 1 ] || rm -rf "$WORK"
}
trap cleanup EXIT

mirror="$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)"
started=$(date +%s)
debootstrap --variant=minbase --include=ca-certificates,python3,make,g++,git,procps,xz-utils \
  bookworm "$NEW_ROOT" "${mirror:-http://deb.debian.org/debian}" >"$WORK/debootstrap.log" 2>&1 ||
  { tail -20 "$WORK/debootstrap.log" >&2; exit 1; }
echo "fresh-machine: Debian root made in $(($(date +%s) - started)) s"

# What a new machine has besides Debian's base: its Node and npm (with npm's settings), the
# certificates its network needs, and Debian's package sources.
node_bin="$(readlink -f "$(command -v node)")"
npm_dir="$(npm root -g 2>/dev/null)/npm"
copy=("$node_bin" "$npm_dir" "$(command -v npm)" "$(command -v npx)")
[ -d /usr/include/node ] && copy+=(/usr/include/node)
for file in /etc/npmrc /usr/etc/npmrc "$HOME/.npmrc" /usr/local/share/ca-certificates; do
  [ -e "$file" ] && copy+=("$file")
done
tar -C / -cf - "${copy[@]#/}" 2>/dev/null | tar -C "$NEW_ROOT" -xf -
[ "$node_bin" = /usr/bin/node ] || ln -sf "$node_bin" "$NEW_ROOT/usr/bin/node"
cp /etc/resolv.conf "$NEW_ROOT/etc/resolv.conf"
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
  cp /etc/apt/sources.list.d/debian.sources "$NEW_ROOT/etc/apt/sources.list.d/" && rm -f "$NEW_ROOT/etc/apt/sources.list"
fi
chroot "$NEW_ROOT" update-ca-certificates >/dev/null 2>&1

mount -t proc proc "$NEW_ROOT/proc"
mount --rbind /sys "$NEW_ROOT/sys" && mount --make-rslave "$NEW_ROOT/sys"
mount --rbind /dev "$NEW_ROOT/dev" && mount --make-rslave "$NEW_ROOT/dev"
mount -t tmpfs tmpfs "$NEW_ROOT/tmp"

mkdir -p "$NEW_ROOT/work"
git clone -q "$REPO" "$NEW_ROOT/work/repo"
[ -d "$REPO/../shared" ] && cp -a "$REPO/../shared" "$NEW_ROOT/work/shared"
missing="$(chroot "$NEW_ROOT" sh -c 'for t in chromium initdb; do command -v $t; done; ls /usr/lib/postgresql 2>/dev/null' || true)"
[ -z "$missing" ] || { echo "fresh-machine: the new root already has: $missing" >&2; exit 1; }
echo "fresh-machine: $(chroot "$NEW_ROOT" node --version) is its only node; no chromium, no postgresql; HEAD $(git -C "$REPO" rev-parse --short HEAD)"

# One README command in the new root, as root, with a new machine's environment; prints its time.
in_new_root() {
  local label="$1" command="$2" from
  from=$(date +%s)
  if chroot "$NEW_ROOT" env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    bash -c "cd /work/repo && $command" >"$WORK/$label.log" 2>&1; then
    seconds[$label]=$(($(date +%s) - from))
    echo "fresh-machine: $command: ok in ${seconds[$label]} s"
  else
    echo "fresh-machine: $command: FAILED after $(($(date +%s) - from)) s; its last lines:" >&2
    tail -30 "$WORK/$label.log" >&2
    echo "{\"failed\":\"$command\",\"ok\":false}"
    exit 1
  fi
}
declare -A seconds
in_new_root install_1 "npm install"
in_new_root demo "npm run demo"
in_new_root install_2 "npm install"
in_new_root test "npm test"
grep -hE "checks passed|Installed |Test Files|Tests " "$WORK/demo.log" "$WORK/test.log" | sed 's/\x1b\[[0-9;]*m//g'
echo "{\"install_s\":${seconds[install_1]},\"demo_s\":${seconds[demo]},\"second_install_s\":${seconds[install_2]},\"test_s\":${seconds[test]},\"ok\":true}"
