#!/usr/bin/env bash
# Copies examples/video-streamer into a fresh folder and seeds two known mistakes into the copy of
# the root assembly, so every real-editor suite checks the same thing:
#   LM031 (error)   `${deploymentLocaton}`   in composition.balancer.properties.deploymentLocation
#   LM032 (warning) `${balancer.privateIP}`  in a new top-level property balancer_private_ip
# and one into the storage assembly, which no suite opens (workspace diagnostics must show it):
#   LM031 (error)   `${deploymentLocatoin}`  in Contains/storage/Descriptor/assembly.yml
# `${balancer.publicIp}` (cluster_public_ip_address) stays correct: hover and definition use it.
# It also adds tosca/three-tier.yaml (from e2e/lib/tosca/, with a local icon), a clean TOSCA topology
# the deployment plan view draws, and tosca/cloudify/blueprint.yaml, a clean Cloudify blueprint.
# The repository's examples/ is never touched. DEST is made a git repository (see below).
# Usage: seed-workspace.sh DEST   (DEST must not exist yet; it becomes the workspace folder)
set -euo pipefail
dest=${1:?usage: seed-workspace.sh DEST}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ -e "$dest" ] && { echo "seed-workspace: $dest already exists" >&2; exit 2; }
mkdir -p "$(dirname "$dest")"
cp -R "$repo/examples/video-streamer" "$dest"
cp -R "$repo/e2e/lib/tosca" "$dest/tosca"
# The workspace is a repository of its own, as a user's project would be: the run folder usually
# sits inside this repository's checkout, and an editor that finds its root by the version-control
# rule (the Neovim snippet) would otherwise take the whole checkout, test fixtures and all.
git init -q "$dest" 2>/dev/null || mkdir -p "$dest/.git"
a="$dest/Descriptor/assembly.yml"
# First occurrence only: the balancer's deploymentLocation.
sed -i '0,/value: \${deploymentLocation}$/s//value: ${deploymentLocaton}/' "$a"
sed -i 's/^    value: \${balancer\.publicIp}$/&\n  balancer_private_ip:\n    type: string\n    read-only: true\n    description: Tenant address of the balancer.\n    value: ${balancer.privateIP}/' "$a"
s="$dest/Contains/storage/Descriptor/assembly.yml"
sed -i '0,/value: \${deploymentLocation}$/s//value: ${deploymentLocatoin}/' "$s"
grep -q 'value: ${deploymentLocatoin}$' "$s" \
  || { echo "seed-workspace: examples/video-streamer/Contains/storage changed; update e2e/lib/seed-workspace.sh" >&2; exit 2; }
grep -q 'value: ${deploymentLocaton}$' "$a" && grep -q 'value: ${balancer.privateIP}$' "$a" \
  && grep -q 'value: ${balancer.publicIp}$' "$a" \
  || { echo "seed-workspace: examples/video-streamer/Descriptor/assembly.yml changed; update e2e/lib/seed-workspace.sh" >&2; exit 2; }
