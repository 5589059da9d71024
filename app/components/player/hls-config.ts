// hls.js settings for the player, chosen deliberately rather than left to defaults.

/**
 * hls.js chooses its first rung from a bandwidth estimate (FIELD-NOTES "Time to first frame"). We seed that estimate
 * from the browser's own measurement when it has one (80 % of it), else 1.5 Mbps (about 480p): a fast first frame
 * on a phone, then ABR climbs. Rungs larger than the player are never fetched.
 */
export function hlsConfig(downlinkMbps?: number) {
  const estimate =
    downlinkMbps && Number.isFinite(downlinkMbps) && downlinkMbps > 0
      ? Math.min(8_000_000, Math.max(300_000, downlinkMbps * 1_000_000 * 0.8))
      : 1_500_000;
  return {
    startLevel: -1,
    // With `startLevel: -1` hls.js would otherwise first download the lowest rung's first segment to measure the
    // bandwidth, before the segment it plays: the estimate above already chooses, one segment sooner.
    testBandwidth: false,
    // Fetch the first segment as soon as its playlist is in, not once the MediaSource has opened: on a busy page
    // (the watch page's first layout and paint) that opening came 50-100 ms later (bench/playback.ts).
    startFragPrefetch: true,
    abrEwmaDefaultEstimate: estimate,
    abrEwmaDefaultEstimateMax: Math.max(estimate, 5_000_000),
    capLevelToPlayerSize: true,
    maxBufferLength: 30,
    backBufferLength: 30,
  };
}
