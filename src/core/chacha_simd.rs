//! The seeded stream's ChaCha8, four blocks at a time on WebAssembly SIMD (the worker's SIMD
//! build). The chacha20 crate has vector forms for x86 and ARM only; in WebAssembly it works
//! out one block after another, half the time of a genetic run. Only the block function is
//! ours: seeding and the buffer (how words become `u64`s and bytes) are rand_core's, as in the
//! crate, and the end-to-end tests check that both worker builds replay the same runs.

use rand_core::block::{BlockRng, Generator};
use rand_core::{SeedableRng, TryRng};
use std::arch::wasm32::{
    i8x16_shuffle, u32x4, u32x4_add, u32x4_extract_lane, u32x4_shl, u32x4_shr, u32x4_splat, v128, v128_or,
    v128_xor,
};
use std::convert::Infallible;

/// "expand 32-byte k", ChaCha's first four words.
const CONSTANTS: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

/// ChaCha8 makes eight rounds: four column rounds, each followed by a diagonal round.
const DOUBLE_ROUNDS: usize = 4;

/// The crate's `ChaCha8Rng`: a 32-byte key, a 64-bit block counter from 0, stream 0.
pub struct ChaCha8Rng {
    blocks: BlockRng<FourBlocks>,
}

impl SeedableRng for ChaCha8Rng {
    type Seed = [u8; 32];

    fn from_seed(seed: [u8; 32]) -> Self {
        let key = std::array::from_fn(|i| u32::from_le_bytes([0, 1, 2, 3].map(|j| seed[4 * i + j])));
        Self { blocks: BlockRng::new(FourBlocks { key, counter: 0 }) }
    }
}

impl TryRng for ChaCha8Rng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(self.blocks.next_word())
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.blocks.next_u64_from_u32())
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), Infallible> {
        self.blocks.fill_bytes(dest);
        Ok(())
    }
}

/// The next four blocks of the stream, one per vector lane.
struct FourBlocks {
    key: [u32; 8],
    counter: u64,
}

impl Generator for FourBlocks {
    type Output = [u32; 64];

    fn generate(&mut self, output: &mut [u32; 64]) {
        four_blocks(&self.key, self.counter, output);
        self.counter = self.counter.wrapping_add(4);
    }
}

/// Blocks `counter` to `counter + 3`, one after another in `output`. Vector `i` holds word
/// `i` of the four blocks, so each quarter round works on four blocks at once.
#[target_feature(enable = "simd128")]
fn four_blocks(key: &[u32; 8], counter: u64, output: &mut [u32; 64]) {
    let counters: [u64; 4] = std::array::from_fn(|block| counter.wrapping_add(block as u64));
    let [low, high] = [0, 32].map(|shift| {
        let [a, b, c, d] = counters.map(|count| (count >> shift) as u32);
        u32x4(a, b, c, d)
    });
    let zero = u32x4_splat(0);
    let mut start = [zero; 16];
    for (word, &value) in start.iter_mut().zip(CONSTANTS.iter().chain(key)) {
        *word = u32x4_splat(value);
    }
    // Words 12 and 13 count blocks; 14 and 15, the stream number, stay 0.
    start[12] = low;
    start[13] = high;
    let mut x = start;
    for _ in 0..DOUBLE_ROUNDS {
        quarter_round(&mut x, 0, 4, 8, 12);
        quarter_round(&mut x, 1, 5, 9, 13);
        quarter_round(&mut x, 2, 6, 10, 14);
        quarter_round(&mut x, 3, 7, 11, 15);
        quarter_round(&mut x, 0, 5, 10, 15);
        quarter_round(&mut x, 1, 6, 11, 12);
        quarter_round(&mut x, 2, 7, 8, 13);
        quarter_round(&mut x, 3, 4, 9, 14);
    }
    for (i, (word, start)) in x.iter().zip(&start).enumerate() {
        let sum = u32x4_add(*word, *start);
        output[i] = u32x4_extract_lane::<0>(sum);
        output[16 + i] = u32x4_extract_lane::<1>(sum);
        output[32 + i] = u32x4_extract_lane::<2>(sum);
        output[48 + i] = u32x4_extract_lane::<3>(sum);
    }
}

#[target_feature(enable = "simd128")]
fn quarter_round(x: &mut [v128; 16], a: usize, b: usize, c: usize, d: usize) {
    x[a] = u32x4_add(x[a], x[b]);
    x[d] = rotate_16(v128_xor(x[d], x[a]));
    x[c] = u32x4_add(x[c], x[d]);
    x[b] = rotate(v128_xor(x[b], x[c]), 12);
    x[a] = u32x4_add(x[a], x[b]);
    x[d] = rotate_8(v128_xor(x[d], x[a]));
    x[c] = u32x4_add(x[c], x[d]);
    x[b] = rotate(v128_xor(x[b], x[c]), 7);
}

#[target_feature(enable = "simd128")]
fn rotate(v: v128, bits: u32) -> v128 {
    v128_or(u32x4_shl(v, bits), u32x4_shr(v, 32 - bits))
}

/// Rotating by whole bytes is one byte shuffle (lanes are little-endian).
#[target_feature(enable = "simd128")]
fn rotate_16(v: v128) -> v128 {
    i8x16_shuffle::<2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13>(v, v)
}

#[target_feature(enable = "simd128")]
fn rotate_8(v: v128) -> v128 {
    i8x16_shuffle::<3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14>(v, v)
}
