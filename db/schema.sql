-- dlrig parts catalog schema.
--
-- One table per part category; the common columns come first in each
-- (id, vendor, name, price_usd, price_date, year, source, note) and the view
-- `part` unions them.  Every figure must come from a source listed in the
-- `source` table (and described in db/SOURCES.md); an unknown figure is NULL,
-- never a guess.  Schema version lives in PRAGMA user_version (set by the
-- catalog compiler from DLRIG_SCHEMA_VERSION in include/dlrig/catalog.h).
--
-- Conventions for the data files in db/data/*.sql:
--   * ids are lowercase slugs: vendor-model[-variant], [a-z0-9-] only;
--   * booleans are 0/1 integers;
--   * money in US dollars (REAL), dates as 'YYYY-MM';
--   * price_usd is a current street (or list) price observed on price_date.

CREATE TABLE source (
  id      TEXT PRIMARY KEY,          -- short key, e.g. 'nvidia-ada-ws-datasheet'
  title   TEXT NOT NULL,
  url     TEXT,                      -- where the figures were read
  note    TEXT
) STRICT;

-- Architectures: what a GPU generation can do, read by the rules and the perf model.
CREATE TABLE architecture (
  id           TEXT PRIMARY KEY,     -- 'maxwell','pascal','volta','turing','ampere','ada','hopper','blackwell','rdna3','cdna2'
  vendor       TEXT NOT NULL,        -- 'nvidia' | 'amd' | 'intel'
  name         TEXT NOT NULL,
  year         INTEGER NOT NULL,
  platform     TEXT NOT NULL CHECK (platform IN ('cuda','rocm','xpu')), -- xpu: Intel oneAPI / SYCL (PyTorch 'xpu' device)
  tensor_cores INTEGER NOT NULL,     -- 1 if the architecture has matrix/tensor units
  tf32         INTEGER NOT NULL,
  bf16         INTEGER NOT NULL,
  fp8          INTEGER NOT NULL,
  fp4          INTEGER NOT NULL,
  -- what the models read of a generation (never its id):
  tensor_generation_share REAL CHECK (tensor_generation_share > 0 AND tensor_generation_share <= 1),
                                     -- share of the peak tensor rate reached on training code, relative to
                                     -- Ampere and later (1); fitted, docs/CALIBRATION.md; NULL: no tensor
                                     -- cores, or not fitted (counts as 1)
  consumer_p2p INTEGER CHECK (consumer_p2p IN (0, 1)), -- 0: its consumer (GeForce) cards have no PCIe
                                     -- peer-to-peer (all-reduce goes through host memory); NULL: not read
                                     -- (peer-to-peer assumed)
  cuda12       INTEGER CHECK (cuda12 IN (0, 1)), -- 1: CUDA 12 supports it, 0: CUDA 12 dropped it (current
                                     -- PyTorch, llama.cpp and vLLM builds need CUDA 12); NULL off CUDA
  pro_train_tflops_per_w REAL CHECK (pro_train_tflops_per_w > 0),
                                     -- tensor TFLOPS a watt of board power sustains in a training step on
                                     -- its non-GeForce cards rated at full-rate FP32 accumulate (their rated
                                     -- figure assumes clocks the board power does not hold); NULL: no cap
  source       TEXT NOT NULL REFERENCES source(id),
  note         TEXT,
  -- schema 14:
  long_attention_share REAL CHECK (long_attention_share > 0 AND long_attention_share <= 1)
                                     -- share of its usual tensor-core efficiency that long-sequence attention
                                     -- reaches with FlashAttention-2, the kernel of the common pipelines
                                     -- (workload.attention_share says how much of a job that is); NULL: 1
) STRICT;

CREATE TABLE gpu (
  id                 TEXT PRIMARY KEY,
  vendor             TEXT NOT NULL,
  name               TEXT NOT NULL,
  price_usd          REAL,           -- street price observed on price_date
  price_date         TEXT,
  year               INTEGER,        -- launch year
  source             TEXT NOT NULL REFERENCES source(id),
  note               TEXT,           -- e.g. where a seed figure differs from the spec sheet
  architecture       TEXT NOT NULL REFERENCES architecture(id),
  segment            TEXT NOT NULL CHECK (segment IN ('consumer','workstation','datacenter')),
  launch_price_usd   REAL,
  vram_gb            REAL NOT NULL,
  memory_type        TEXT,           -- 'GDDR6','GDDR6X','GDDR7','HBM2','HBM2e','HBM3','HBM3e','GDDR5','GDDR5X'
  bandwidth_gbs      REAL NOT NULL,
  fp32_tflops        REAL NOT NULL,  -- peak (boost) non-tensor FP32
  fp16_tensor_tflops REAL,           -- dense FP16 tensor, FP32 accumulate; NULL when no tensor cores
  bf16_tensor_tflops REAL,           -- dense; NULL when unsupported
  fp8_tensor_tflops  REAL,           -- dense; NULL when unsupported
  fp64_tflops        REAL,
  tdp_w              INTEGER NOT NULL,
  slots              REAL NOT NULL,  -- slot width of the reference card: 1, 2, 2.5, 3, 3.5...
  cooler             TEXT NOT NULL CHECK (cooler IN ('blower','open-air','passive')),
  length_mm          INTEGER,
  power_6pin         INTEGER NOT NULL DEFAULT 0,  -- PCIe 6-pin inputs
  power_8pin         INTEGER NOT NULL DEFAULT 0,  -- PCIe 8-pin inputs
  power_12vhpwr      INTEGER NOT NULL DEFAULT 0,  -- 12VHPWR / 12V-2x6 inputs
  power_eps8         INTEGER NOT NULL DEFAULT 0,  -- CPU 8-pin (EPS12V) inputs, as on datacenter cards
  pcie_gen           INTEGER NOT NULL,
  pcie_lanes         INTEGER NOT NULL DEFAULT 16,
  nvlink             TEXT,           -- NULL, or 'nvlink1'..'nvlink5' (generation of the card's bridge link)
  nvlink_gbs         REAL,           -- total NVLink bandwidth per card (bidirectional GB/s) when nvlink is set
  ecc                INTEGER NOT NULL,     -- ECC on VRAM available
  gpudirect_rdma     INTEGER NOT NULL,     -- GPUDirect RDMA across hosts supported
  max_per_machine    INTEGER,        -- vendor/seed guidance on cards per machine (e.g. Titan RTX: 4), NULL when none
  max_note           TEXT,           -- where max_per_machine comes from
  form_factor        TEXT NOT NULL DEFAULT 'pcie' CHECK (form_factor IN ('pcie','sxm')),
                                     -- 'sxm': a module on an HGX baseboard (the GPU server's sxm_gpus sockets);
                                     -- it takes no PCIe slot and no PSU cable: the server powers and cools it,
                                     -- and its NVLink runs through the baseboard's NVSwitches (no bridge)
  -- schema 8:
  l2_cache_mb        REAL CHECK (l2_cache_mb > 0),
                                     -- on-chip L2 cache, MB (NVIDIA's last level before DRAM); the perf model
                                     -- lowers a workload's DRAM traffic with it (workload.cache_traffic_share);
                                     -- NULL: not read (no saving counted)
  -- schema 10:
  fp64_tensor_tflops REAL CHECK (fp64_tensor_tflops > 0)
                                     -- FP64 on the tensor (NVIDIA) or matrix (AMD) cores, dense; FP64 matrix work
                                     -- (DGEMM, the scientific-fp64 profile) runs at it; NULL: none or not read
                                     -- (fp64_tflops then)
) STRICT;

CREATE TABLE cpu (
  id              TEXT PRIMARY KEY,
  vendor          TEXT NOT NULL,
  name            TEXT NOT NULL,
  price_usd       REAL,
  price_date      TEXT,
  year            INTEGER,
  source          TEXT NOT NULL REFERENCES source(id),
  note            TEXT,
  family          TEXT NOT NULL,     -- e.g. 'Threadripper PRO 7000 WX', 'Xeon W-3400', 'EPYC 9004'
  socket          TEXT NOT NULL,     -- 'sTR5','sWRX8','AM5','LGA1700','LGA1851','LGA4677','SP5','LGA4189','LGA3647','sTRX4'
  cores           INTEGER NOT NULL,
  threads         INTEGER NOT NULL,
  base_ghz        REAL,
  boost_ghz       REAL,
  pcie_lanes      INTEGER NOT NULL,  -- usable CPU PCIe lanes (per socket)
  pcie_gen        INTEGER NOT NULL,
  memory_type     TEXT NOT NULL,     -- 'DDR4' | 'DDR5'
  memory_channels INTEGER NOT NULL,  -- per socket
  ecc             INTEGER NOT NULL,  -- ECC memory supported (with a board that supports it)
  rdimm           INTEGER NOT NULL,  -- registered DIMMs supported (1) or UDIMM only (0)
  max_memory_gb   INTEGER,           -- per socket
  tdp_w           INTEGER NOT NULL,
  max_sockets     INTEGER NOT NULL DEFAULT 1  -- 2 for 2P-capable server parts
) STRICT;

CREATE TABLE motherboard (
  id                TEXT PRIMARY KEY,
  vendor            TEXT NOT NULL,
  name              TEXT NOT NULL,
  price_usd         REAL,
  price_date        TEXT,
  year              INTEGER,
  source            TEXT NOT NULL REFERENCES source(id),
  note              TEXT,
  socket            TEXT NOT NULL,
  cpu_sockets       INTEGER NOT NULL DEFAULT 1,
  chipset           TEXT,
  form_factor       TEXT NOT NULL,   -- 'ATX','E-ATX','EEB','CEB','SSI-EEB','Micro-ATX','Mini-ITX', or a vendor-proprietary one such as 'dell-t640'
  memory_type       TEXT NOT NULL,
  memory_slots      INTEGER NOT NULL,
  max_memory_gb     INTEGER,
  rdimm             INTEGER NOT NULL,  -- accepts registered DIMMs (1) / unbuffered only (0)
  ecc               INTEGER NOT NULL,  -- supports ECC memory
  expansion_positions INTEGER NOT NULL, -- number of expansion-slot positions on the board/case back (usually 7)
  m2_slots          INTEGER NOT NULL DEFAULT 0,
  onboard_network   TEXT,            -- e.g. '2x 10GbE (Intel X710)'
  chipset_lanes     INTEGER,         -- lanes on the chipset (for the x4 slots hung off it), NULL if unknown
  cpu_families      TEXT             -- comma-separated CPU families the board takes (cpu.family), NULL: any CPU
                                     -- of its socket.  Sockets shared by platforms need it: sTR5 on WRX90 takes
                                     -- Threadripper PRO only, LGA4677 on W790 takes Xeon W only.
) STRICT;

-- The PCIe slot map: one row per physical slot.  position counts expansion
-- positions from the CPU (1 = the top position nearest the CPU socket); a
-- card of width w placed at position p covers p .. p+ceil(w)-1.
CREATE TABLE board_slot (
  board_id       TEXT NOT NULL REFERENCES motherboard(id),
  position       INTEGER NOT NULL,
  physical_width INTEGER NOT NULL CHECK (physical_width IN (1,4,8,16)),
  electrical_width INTEGER NOT NULL CHECK (electrical_width IN (1,2,4,8,16)),
  pcie_gen       INTEGER NOT NULL,
  attached_to    TEXT NOT NULL CHECK (attached_to IN ('cpu1','cpu2','chipset')),
  note           TEXT,
  PRIMARY KEY (board_id, position)
) STRICT;

-- M.2 sockets on the board.  A socket whose link no source read gives keeps
-- its row (the socket count is what the M.2 check needs) with pcie_gen, lanes
-- and/or attached_to NULL: unknown, never guessed.
CREATE TABLE board_m2 (
  board_id    TEXT NOT NULL REFERENCES motherboard(id),
  idx         INTEGER NOT NULL,        -- 1-based, as in the manual (M2_1 ...)
  pcie_gen    INTEGER,                 -- NULL: not known
  lanes       INTEGER,                 -- NULL: not known
  attached_to TEXT CHECK (attached_to IN ('cpu1','cpu2','chipset')),  -- NULL: not known
  PRIMARY KEY (board_id, idx)
) STRICT;

-- Lane sharing: when the trigger (a slot position or an M.2 socket) is
-- populated, the affected slot runs at width_when (0 = disabled).
CREATE TABLE board_lane_share (
  board_id      TEXT NOT NULL REFERENCES motherboard(id),
  slot_position INTEGER NOT NULL,      -- the affected slot
  trigger_kind  TEXT NOT NULL CHECK (trigger_kind IN ('slot','m2')),
  trigger_index INTEGER NOT NULL,      -- slot position or M.2 idx
  width_when    INTEGER NOT NULL CHECK (width_when IN (0,1,2,4,8)),
  source        TEXT REFERENCES source(id),
  FOREIGN KEY (board_id, slot_position) REFERENCES board_slot(board_id, position)
) STRICT;
-- The catalog reads a board's sharing rules by board_id: without this index
-- every board's read scans the whole table.
CREATE INDEX board_lane_share_board ON board_lane_share(board_id, slot_position);

CREATE TABLE memory (
  id          TEXT PRIMARY KEY,
  vendor      TEXT NOT NULL,
  name        TEXT NOT NULL,
  price_usd   REAL,
  price_date  TEXT,
  year        INTEGER,
  source      TEXT NOT NULL REFERENCES source(id),
  note        TEXT,
  type        TEXT NOT NULL,           -- 'DDR4' | 'DDR5'
  capacity_gb INTEGER NOT NULL,        -- whole kit
  modules     INTEGER NOT NULL,
  speed_mts   INTEGER NOT NULL,
  ecc         INTEGER NOT NULL,
  registered  INTEGER NOT NULL,
  power_w     REAL                     -- whole kit, typical
) STRICT;

CREATE TABLE storage (
  id           TEXT PRIMARY KEY,
  vendor       TEXT NOT NULL,
  name         TEXT NOT NULL,
  price_usd    REAL,
  price_date   TEXT,
  year         INTEGER,
  source       TEXT NOT NULL REFERENCES source(id),
  note         TEXT,
  kind         TEXT NOT NULL CHECK (kind IN ('nvme','sata-ssd','u2','hdd')),
  form_factor  TEXT NOT NULL,          -- 'M.2 2280','2.5"','3.5"','U.2','E1.S'
  pcie_gen     INTEGER,                -- NULL for SATA
  capacity_gb  INTEGER NOT NULL,
  seq_read_mbs INTEGER,
  seq_write_mbs INTEGER,
  power_w      REAL                    -- active, typical
) STRICT;

CREATE TABLE psu (
  id           TEXT PRIMARY KEY,
  vendor       TEXT NOT NULL,
  name         TEXT NOT NULL,
  price_usd    REAL,
  price_date   TEXT,
  year         INTEGER,
  source       TEXT NOT NULL REFERENCES source(id),
  note         TEXT,
  watts        INTEGER NOT NULL,       -- rating at 200-240 V input
  watts_115v   INTEGER,                -- rating at 100-127 V input (NULL = not rated for low line / 230 V only)
  efficiency   TEXT,                   -- '80 PLUS Titanium' ...
  form_factor  TEXT NOT NULL,          -- 'ATX','SFX','server' (hot-swap module)
  pcie_8pin    INTEGER NOT NULL DEFAULT 0,
  hpwr         INTEGER NOT NULL DEFAULT 0, -- native 12VHPWR / 12V-2x6 connectors
  eps8         INTEGER NOT NULL DEFAULT 0, -- CPU 8-pin connectors
  redundant    INTEGER NOT NULL DEFAULT 0  -- 1 when sold as a redundant (N+1) server set
) STRICT;

CREATE TABLE chassis (   -- category "case"
  id                   TEXT PRIMARY KEY,
  vendor               TEXT NOT NULL,
  name                 TEXT NOT NULL,
  price_usd            REAL,
  price_date           TEXT,
  year                 INTEGER,
  source               TEXT NOT NULL REFERENCES source(id),
  note                 TEXT,
  kind                 TEXT NOT NULL CHECK (kind IN ('tower','rack','frame')), -- frame: an open-air
                                       -- frame whose GPUs stand on riser cables above the board
  rack_units           INTEGER,        -- for rack chassis
  form_factors         TEXT NOT NULL,  -- comma-separated board form factors it takes, e.g. 'ATX,E-ATX,Micro-ATX'
  max_gpu_length_mm    INTEGER,
  max_cooler_height_mm INTEGER,        -- NULL for rack chassis with their own heatsinks
  expansion_slots      INTEGER NOT NULL,
  max_gpus             INTEGER,        -- GPUs the chassis is designed/validated for (NULL if not stated)
  forced_airflow       INTEGER NOT NULL, -- 1 when designed to push air through passive GPUs (server chassis)
  psu_form_factor      TEXT,           -- 'ATX','SFX','server'
  noise                TEXT NOT NULL CHECK (noise IN ('quiet','normal','loud')), -- 'loud' for server fans
  -- A complete server (a barebone sold as a system) brings its own board,
  -- power supplies and CPU heatsinks; an empty case leaves these NULL / 0.
  board_id             TEXT REFERENCES motherboard(id), -- the built-in system board
  psu_count            INTEGER,        -- built-in power supplies (NULL: none, the build needs a PSU)
  psu_watts            INTEGER,        -- rating of each at 200-240 V input
  psu_watts_115v       INTEGER,        -- rating of each at 100-127 V input (NULL: not rated for low line)
  psu_redundant        INTEGER,        -- units held in reserve: 1 for N+1 (1+1, 3+1), 2 for 2+2
  psu_efficiency       TEXT,           -- '80 PLUS Titanium' ...
  cpu_heatsinks        INTEGER NOT NULL DEFAULT 0, -- 1 when the CPU heatsinks come with the chassis
  sxm_gpus             INTEGER,        -- SXM sockets on the built-in GPU baseboard (HGX 8-GPU: 8); NULL: none
  sxm_gpu_ids          TEXT,           -- comma-separated gpu ids the baseboard takes (its HGX variants)
  -- An open frame's GPUs stand on riser cables, one a card, so a card's
  -- width no longer covers the slots below it; the risers (those builders of
  -- the frame report, bought apart and not in its price) set the link's
  -- PCIe generation and their length the signal margin.
  riser_pcie_gen       INTEGER,        -- PCIe generation the risers are rated for (frames only)
  riser_mm             INTEGER,        -- riser cable length, mm (frames only)
  CHECK ((kind = 'frame') = (riser_pcie_gen IS NOT NULL AND riser_mm IS NOT NULL)),
  CHECK (psu_count IS NULL OR (psu_watts IS NOT NULL AND psu_redundant IS NOT NULL
                               AND psu_redundant >= 0 AND psu_redundant < psu_count)),
  CHECK (sxm_gpus IS NULL OR (sxm_gpus > 0 AND sxm_gpu_ids IS NOT NULL AND board_id IS NOT NULL
                              AND psu_count IS NOT NULL))
) STRICT;

CREATE TABLE cooler (
  id           TEXT PRIMARY KEY,
  vendor       TEXT NOT NULL,
  name         TEXT NOT NULL,
  price_usd    REAL,
  price_date   TEXT,
  year         INTEGER,
  source       TEXT NOT NULL REFERENCES source(id),
  note         TEXT,
  kind         TEXT NOT NULL CHECK (kind IN ('air','aio','server')),
  height_mm    INTEGER,                -- air coolers: height above the board
  radiator_mm  INTEGER,                -- AIO radiator length
  sockets      TEXT NOT NULL,          -- comma-separated sockets, e.g. 'sTR5,sWRX8,SP5'
  tdp_rating_w INTEGER                 -- vendor's rated heat load, NULL if not stated
) STRICT;

CREATE TABLE nic (
  id             TEXT PRIMARY KEY,
  vendor         TEXT NOT NULL,
  name           TEXT NOT NULL,
  price_usd      REAL,
  price_date     TEXT,
  year           INTEGER,
  source         TEXT NOT NULL REFERENCES source(id),
  note           TEXT,
  protocol       TEXT NOT NULL CHECK (protocol IN ('ethernet','infiniband','vpi')), -- vpi: InfiniBand or Ethernet
  speed_gbps     INTEGER NOT NULL,     -- per port
  ports          INTEGER NOT NULL,
  rdma           INTEGER NOT NULL,     -- RoCE or InfiniBand RDMA
  pcie_gen       INTEGER NOT NULL,
  pcie_lanes     INTEGER NOT NULL,
  power_w        REAL
) STRICT;

CREATE TABLE nvlink_bridge (
  id             TEXT PRIMARY KEY,
  vendor         TEXT NOT NULL,
  name           TEXT NOT NULL,
  price_usd      REAL,
  price_date     TEXT,
  year           INTEGER,
  source         TEXT NOT NULL REFERENCES source(id),
  note           TEXT,
  generation     TEXT NOT NULL,        -- 'nvlink2','nvlink3','nvlink4'
  slot_spacing   INTEGER NOT NULL,     -- distance between the two cards' slot positions (2, 3 or 4)
  gpus           INTEGER NOT NULL DEFAULT 2,  -- cards one bridge joins
  per_pair       INTEGER NOT NULL DEFAULT 1   -- bridges a pair needs for full bandwidth (e.g. 3 on A100/H100 NVL)
) STRICT;

-- Which GPUs a bridge fits.
CREATE TABLE bridge_gpu (
  bridge_id TEXT NOT NULL REFERENCES nvlink_bridge(id),
  gpu_id    TEXT NOT NULL REFERENCES gpu(id),
  PRIMARY KEY (bridge_id, gpu_id)
) STRICT;

CREATE TABLE switch (
  id           TEXT PRIMARY KEY,
  vendor       TEXT NOT NULL,
  name         TEXT NOT NULL,
  price_usd    REAL,
  price_date   TEXT,
  year         INTEGER,
  source       TEXT NOT NULL REFERENCES source(id),
  note         TEXT,
  protocol     TEXT NOT NULL CHECK (protocol IN ('ethernet','infiniband')),
  speed_gbps   INTEGER NOT NULL,       -- per port
  ports        INTEGER NOT NULL,
  rack_units   INTEGER,
  power_w      REAL
) STRICT;

-- Priced offers beside a part's own price_usd (which is always a new-part
-- price): second-hand (used, refurbished) market prices, and further dated
-- new prices.  part_id names a part of any category (the data check and the
-- catalog test verify it exists).  The advisor considers used and refurbished
-- offers only when the user allows second-hand parts (allow_used).
CREATE TABLE price_offer (
  part_id     TEXT NOT NULL,
  condition   TEXT NOT NULL CHECK (condition IN ('new','used','refurbished')),
  price_usd   REAL NOT NULL CHECK (price_usd > 0),
  price_date  TEXT NOT NULL,         -- 'YYYY-MM' the price was observed or reported
  market      TEXT NOT NULL,         -- where it sells: 'eBay', 'Newegg', ...
  source      TEXT NOT NULL REFERENCES source(id),
  note        TEXT,                  -- how the figure was read (median of sold listings, range midpoint, ...)
  PRIMARY KEY (part_id, condition, market, price_date)
) STRICT;

-- Cloud GPU hourly rates, for "buy or rent" (dlrig cost): what a provider
-- charged an hour for an instance (or pod) of gpu_count of one catalog GPU,
-- observed in rate_date ('YYYY-MM'), from a dated source.  kind: on-demand
-- (no commitment), reserved (a commitment or a reserved block) or spot
-- (interruptible).  A range read from a source is stored as its midpoint and
-- the note says so.  Rates are per instance, not per GPU.
CREATE TABLE cloud_rate (
  id            TEXT PRIMARY KEY,     -- provider-offer-kind slug, e.g. 'lambda-1x-h100-sxm'
  provider      TEXT NOT NULL,        -- as a reader knows it: 'Lambda', 'RunPod', 'AWS', ...
  offer         TEXT NOT NULL,        -- the instance, pod or plan name the provider uses
  gpu_id        TEXT NOT NULL REFERENCES gpu(id),
  gpu_count     INTEGER NOT NULL CHECK (gpu_count BETWEEN 1 AND 64),
  usd_per_hour  REAL NOT NULL CHECK (usd_per_hour > 0),  -- the whole instance
  kind          TEXT NOT NULL CHECK (kind IN ('on-demand','reserved','spot')),
  rate_date     TEXT NOT NULL CHECK (rate_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]'),
  source        TEXT NOT NULL REFERENCES source(id),
  note          TEXT
) STRICT;

-- Manufacturer part numbers (MPN, SKU) as makers and sellers print them, so
-- that a vendor's price list or a parts list keyed by part number finds the
-- catalog part.  A part may have several numbers (regional or retail
-- variants); one number may name parts of several kit sizes.  units is how
-- many items of that number make one catalog part: a part sold as 8 RDIMMs
-- of one module number has units 8, and a price per module is multiplied by 8.
CREATE TABLE part_number (
  mpn         TEXT NOT NULL CHECK (length(mpn) BETWEEN 3 AND 64),
  part_id     TEXT NOT NULL,
  units       INTEGER NOT NULL DEFAULT 1 CHECK (units BETWEEN 1 AND 64),
  source      TEXT NOT NULL REFERENCES source(id),
  PRIMARY KEY (mpn, part_id)
) STRICT;

-- PCI ids of catalog parts, so that `dlrig scan` knows a card in a machine
-- by the ids it reports (sysfs, lspci -nn): lower-case hexadecimal as pci.ids
-- writes them.  vendor_id:device_id names the chip.  A row with
-- subsys_vendor_id and subsys_device_id names only the board of that
-- subsystem (one chip is sold as several products: a Quadro RTX 8000 is a
-- 1e30 with subsystem 10de:129e, a 1e30 without one of the listed subsystems
-- a Quadro RTX 6000); a row with revision only that revision of the chip (AMD
-- tells an RX 7900 XTX, c8, from an RX 7900 XT, cc, by it).  A card is the
-- part of the most specific rows it fits.  other_memory is 1 where the same
-- ids are also a card with another memory size (the RTX 5060 Ti 8GB and
-- 16GB): the match then needs the card's memory read.  Schema 12.
CREATE TABLE part_pci (
  part_id          TEXT NOT NULL,
  vendor_id        TEXT NOT NULL CHECK (vendor_id GLOB '[0-9a-f][0-9a-f][0-9a-f][0-9a-f]'),
  device_id        TEXT NOT NULL CHECK (device_id GLOB '[0-9a-f][0-9a-f][0-9a-f][0-9a-f]'),
  subsys_vendor_id TEXT CHECK (subsys_vendor_id GLOB '[0-9a-f][0-9a-f][0-9a-f][0-9a-f]'),
  subsys_device_id TEXT CHECK (subsys_device_id GLOB '[0-9a-f][0-9a-f][0-9a-f][0-9a-f]'),
  revision         TEXT CHECK (revision GLOB '[0-9a-f][0-9a-f]'),
  other_memory     INTEGER NOT NULL DEFAULT 0 CHECK (other_memory IN (0, 1)),
  source           TEXT NOT NULL REFERENCES source(id),
  note             TEXT,
  CHECK ((subsys_vendor_id IS NULL) = (subsys_device_id IS NULL))
) STRICT;

-- ---------------------------------------------------------------- reference

CREATE TABLE framework (
  id          TEXT PRIMARY KEY,        -- 'pytorch','tensorflow','jax',...
  name        TEXT NOT NULL,
  status      TEXT NOT NULL CHECK (status IN ('maintained','discontinued')),
  status_note TEXT,                    -- e.g. 'retired to the Apache Attic in 2023'
  cuda        INTEGER NOT NULL,
  rocm        INTEGER NOT NULL,
  xpu         INTEGER NOT NULL DEFAULT 0, -- official support for Intel GPUs (oneAPI / SYCL, the 'xpu' device)
  languages   TEXT NOT NULL,
  focus       TEXT,
  multi_gpu   INTEGER,                 -- seed 003 rating: 1..3 pluses, NULL if not rated
  cnn         INTEGER, rnn INTEGER, gan INTEGER, dbn INTEGER,  -- 0 none, 1 yes, 2 '++', 3 '+++'; NULL unknown
  source      TEXT NOT NULL REFERENCES source(id)
) STRICT;

-- Workload profiles for the perf model and the rules (one per --workload).
CREATE TABLE workload (
  id                  TEXT PRIMARY KEY,   -- 'cnn','transformer','llm-finetune',...
  name                TEXT NOT NULL,
  reference_model     TEXT NOT NULL,      -- e.g. 'ResNet-50 224x224'
  unit                TEXT NOT NULL CHECK (unit IN ('samples/s','tokens/s','images/s','frames/s')),
  training            INTEGER NOT NULL,   -- 1 training, 0 inference
  params_m            REAL NOT NULL,      -- parameters of the reference model, millions
  gflops_per_sample   REAL NOT NULL,      -- training: forward+backward FLOPs per sample (or token)
  mem_bytes_per_sample REAL NOT NULL,     -- DRAM traffic per sample (or token), bytes
  activation_mb_per_sample REAL NOT NULL, -- activation memory per sample at 16-bit
  batch_per_gpu       INTEGER NOT NULL,   -- typical per-GPU batch
  sample_kb           REAL NOT NULL,      -- dataset bytes per sample (to turn dataset GB into samples)
  tensor_friendly     REAL NOT NULL,      -- fraction of FLOPs that run on tensor cores (0..1)
  scaling             TEXT NOT NULL CHECK (scaling IN ('good','fair','poor')), -- data-parallel scaling (seed 003)
  priority            TEXT NOT NULL CHECK (priority IN ('compute','bandwidth','fp64')),
  min_vram_gb         REAL NOT NULL,      -- VRAM guidance tier for this workload (seed 002/003)
  source              TEXT NOT NULL REFERENCES source(id),
  note                TEXT,
  -- How dlrig lists and explains it (schema 6): --workload's choices, usage
  -- text, messages and the wizard come from these rows, in list_order.
  list_order          INTEGER NOT NULL UNIQUE, -- place in lists, 1 first
  is_default          INTEGER NOT NULL CHECK (is_default IN (0, 1)), -- 1: what a build that names none is for (one row)
  description         TEXT NOT NULL,      -- what it asks of the hardware, a sentence or two (the wizard's help)
  -- How the models treat it (schema 6), instead of tests of the id:
  language_model      INTEGER NOT NULL CHECK (language_model IN (0, 1)), -- 1: a language model (model, method, context asked; llm.c sizes it)
  single_stream       INTEGER NOT NULL CHECK (single_stream IN (0, 1)),  -- 1: one batch-1 generation stream: more GPUs add memory, not speed; links barely matter; GPUs draw under their limit
  adapter_share       REAL CHECK (adapter_share > 0 AND adapter_share < 1), -- trains low-rank adapters on frozen 16-bit weights: adapter parameters / model parameters; NULL: every weight trained (or none)
  sequence_tokens     INTEGER CHECK (sequence_tokens > 0), -- token-unit training whose batch counts sequences: tokens per sequence; NULL: the batch counts samples (or tokens)
  compute_efficiency  REAL NOT NULL CHECK (compute_efficiency > 0 AND compute_efficiency <= 1), -- share of peak FLOPS reached on real code (fitted, docs/CALIBRATION.md)
  memory_efficiency   REAL NOT NULL CHECK (memory_efficiency > 0 AND memory_efficiency <= 1),   -- share of peak memory bandwidth reached
  allreduce_overlap   REAL NOT NULL CHECK (allreduce_overlap >= 0 AND allreduce_overlap <= 1),  -- share of a step that can hide the gradient all-reduce
  -- schema 8:
  cache_traffic_share REAL CHECK (cache_traffic_share >= 0 AND cache_traffic_share < 1),
                                          -- largest share of its DRAM traffic an on-chip cache keeps on chip; a card
                                          -- with gpu.l2_cache_mb saves share x L2 / (L2 + 64 MB) of it (fitted,
                                          -- docs/CALIBRATION.md); NULL: no saving counted
  -- schema 9:
  embedding_share     REAL CHECK (embedding_share > 0 AND embedding_share < 1),
                                          -- share of the parameters in embedding tables (recommenders): sharded over
                                          -- the GPUs (model parallel), updated sparsely by SGD in FP32 (4 bytes a
                                          -- parameter, no dense gradient, never all-reduced); per-sample work does not
                                          -- grow with the tables; NULL: none
  exchange_kb_per_sample REAL CHECK (exchange_kb_per_sample > 0),
                                          -- KB each sample moves between GPUs in a training step when its embedding
                                          -- tables are sharded (looked-up vectors forward, their gradients backward:
                                          -- the all-to-all); NULL: none
  sync_s              REAL CHECK (sync_s >= 0),
                                          -- fixed cost of one synchronisation of the GPUs per training step, seconds
                                          -- per doubling of the GPU count (fitted, docs/CALIBRATION.md); NULL: the
                                          -- value fitted on the CNN and transformer rows (src/core/perf.c SYNC_S)
  -- schema 13: work made of many small denoiser calls (image generation)
  steps_per_sample    INTEGER CHECK (steps_per_sample > 0),
                                          -- denoiser calls a sample of the reference takes (a named model: its own
                                          -- model.generate_steps); NULL: not step-wise
  ms_per_step         REAL CHECK (ms_per_step > 0),
                                          -- the least time a call takes however fast the GPU: the host's dispatch
                                          -- of its kernels without CUDA graphs or compilation (fitted,
                                          -- docs/CALIBRATION.md); NULL: none
  -- schema 14:
  attention_share     REAL CHECK (attention_share > 0 AND attention_share < 1)
                                          -- share of its FLOPs in attention over long sequences (scores and the
                                          -- weighted sum), whose FlashAttention-2 kernels reach less of a Hopper
                                          -- card's peak than of other cards' (src/core/perf.c); NULL: not counted
) STRICT;
CREATE UNIQUE INDEX workload_one_default ON workload (is_default) WHERE is_default = 1;

-- VRAM guidance by kind of user (seed 002).
CREATE TABLE vram_guidance (
  user_type  TEXT PRIMARY KEY,
  min_gb     REAL NOT NULL,
  note       TEXT,
  source     TEXT NOT NULL REFERENCES source(id)
) STRICT;

-- Wall circuits (--circuit).
CREATE TABLE circuit (
  id               TEXT PRIMARY KEY,   -- '120v-15a' ...
  volts            INTEGER NOT NULL,
  amps             INTEGER NOT NULL,
  continuous_w     INTEGER NOT NULL,   -- usable continuous load (80% of the breaker rating where the code says so)
  source           TEXT NOT NULL REFERENCES source(id),
  note             TEXT,
  list_order       INTEGER NOT NULL UNIQUE -- place in lists (--circuit's choices, the wizard), 1 first (schema 6)
) STRICT;

-- ML models, for "will this model run on this GPU" (dlrig fit --model).
-- Figures come from the model's published configuration (its config.json on
-- Hugging Face, or the paper / model card); parameter counts as published.
-- Columns that mean nothing for a kind of model (layers of a CNN, heads of a
-- diffusion pipeline) are NULL, as is anything unknown.
CREATE TABLE model (
  id                TEXT PRIMARY KEY CHECK (id = lower(id)), -- slug, e.g. 'llama-3.1-70b', 'qwen3-30b-a3b'
  name              TEXT NOT NULL,     -- as its makers write it, e.g. 'Llama 3.1 70B'
  family            TEXT NOT NULL,     -- 'Llama 3.1', 'Qwen3', 'Gemma 3', ...
  -- an LLM row must give what the KV cache needs (layers, heads, KV heads, head size, width, context, tying)
  kind              TEXT NOT NULL CHECK (kind IN ('llm','vision','diffusion','encoder'))
                    CHECK (kind <> 'llm' OR coalesce(min(n_layers, n_heads, n_kv_heads, head_dim, hidden_size,
                                                         max_context), 0) > 0 AND coalesce(tied_embeddings, -1) >= 0),
  params_m          REAL NOT NULL CHECK (params_m > 0),   -- total parameters, millions
  active_params_m   REAL NOT NULL CHECK (active_params_m > 0 AND active_params_m <= params_m),
                                       -- used per token: MoE routed subset; = params_m for dense models
  n_layers          INTEGER,           -- transformer blocks (decoder layers)
  hidden_size       INTEGER,
  n_heads           INTEGER,           -- attention (query) heads
  n_kv_heads        INTEGER,           -- key/value heads (GQA); = n_heads without GQA
  head_dim          INTEGER,           -- per-head width of queries/keys
  intermediate_size INTEGER,           -- dense FFN width; for MoE the config's intermediate_size (see note)
  vocab_size        INTEGER,           -- the checkpoint's embedding rows (config.json vocab_size)
  max_context       INTEGER,           -- config.json max_position_embeddings (tokens)
  -- MoE: routed experts per MoE layer and how many each token uses; both NULL for dense models
  experts           INTEGER CHECK ((experts IS NULL) = (experts_per_token IS NULL)),
  experts_per_token INTEGER CHECK (experts_per_token > 0 AND experts_per_token <= experts),
  -- multi-head latent attention (DeepSeek): compressed KV width and the decoupled RoPE key cached beside it
  kv_lora_rank      INTEGER CHECK ((kv_lora_rank IS NULL) = (qk_rope_head_dim IS NULL)),
  qk_rope_head_dim  INTEGER,
  sliding_window    INTEGER,           -- tokens a local-attention layer keeps; NULL = every layer is global
  -- with sliding_window: how many layers attend to the whole context
  global_layers     INTEGER CHECK (global_layers IS NULL OR (global_layers > 0 AND coalesce(sliding_window, 0) > 0
                                    AND global_layers <= n_layers)),
  tied_embeddings   INTEGER CHECK (tied_embeddings IN (0,1)),
                                       -- 1 when the input embedding and the LM head share one matrix
                                       -- (config.json tie_word_embeddings); NULL for models without an LM head
  hf_repo           TEXT,              -- Hugging Face repository id, e.g. 'meta-llama/Llama-3.1-70B-Instruct'
  year              INTEGER,           -- release year
  source            TEXT NOT NULL REFERENCES source(id),
  note              TEXT,
  -- schema 12: what a workload that is not a language model needs of a named model
  -- (a diffusion or vision model trained or run as its own workload):
  train_gflops      REAL CHECK (train_gflops > 0),
                                       -- FLOPs of one training sample (forward and backward) at the model's
                                       -- native size, GFLOPs; NULL: scaled from the workload's reference by parameters
  sample            TEXT,              -- what one sample is, e.g. 'a 1024x1024 image'
  companion_params_m REAL CHECK (companion_params_m >= 0),
                                       -- frozen networks a trainer loads beside it (text encoders, autoencoder),
                                       -- millions of parameters, not counted in params_m; NULL: none
  -- schema 13: generating with a diffusion model (the image-generation workload), at its pipeline's defaults
  generate_steps    INTEGER CHECK (generate_steps > 0),   -- denoising steps an image takes
  guidance_passes   INTEGER CHECK (guidance_passes IN (1, 2)),
                                       -- denoiser passes a step: 2 with classifier-free guidance (a conditional
                                       -- and an unconditional pass), 1 for guidance-distilled models
  -- schema 14: a video diffusion model (the video-generation workload), at its pipeline's default size; its
  -- FLOPs come from its shape (n_layers, hidden_size, active_params_m) and tokens, not from train_gflops
  frames            INTEGER CHECK (frames > 0),           -- frames of one generated video; NULL: an image model
  tokens_per_pass   INTEGER CHECK (tokens_per_pass > 0),  -- latent tokens one denoiser pass attends over
  CHECK (frames IS NULL OR (kind = 'diffusion' AND tokens_per_pass IS NOT NULL AND n_layers IS NOT NULL
                            AND hidden_size IS NOT NULL AND generate_steps IS NOT NULL AND guidance_passes IS NOT NULL))
) STRICT;

-- Other names of a model: lower-case, e.g. 'llama3-70b', 'llama-3.1-70b-instruct'.
-- A Hugging Face id is matched through the model's hf_repo and, without its
-- owner prefix, through these aliases.
CREATE TABLE model_alias (
  alias    TEXT PRIMARY KEY CHECK (alias = lower(alias)),
  model_id TEXT NOT NULL REFERENCES model(id)
) STRICT;
CREATE INDEX model_alias_model ON model_alias(model_id);

CREATE VIEW part AS
  SELECT id, 'gpu' AS category, vendor, name, price_usd, price_date, year, source, note FROM gpu
  UNION ALL SELECT id, 'cpu', vendor, name, price_usd, price_date, year, source, note FROM cpu
  UNION ALL SELECT id, 'motherboard', vendor, name, price_usd, price_date, year, source, note FROM motherboard
  UNION ALL SELECT id, 'memory', vendor, name, price_usd, price_date, year, source, note FROM memory
  UNION ALL SELECT id, 'storage', vendor, name, price_usd, price_date, year, source, note FROM storage
  UNION ALL SELECT id, 'psu', vendor, name, price_usd, price_date, year, source, note FROM psu
  UNION ALL SELECT id, 'case', vendor, name, price_usd, price_date, year, source, note FROM chassis
  UNION ALL SELECT id, 'cooler', vendor, name, price_usd, price_date, year, source, note FROM cooler
  UNION ALL SELECT id, 'nic', vendor, name, price_usd, price_date, year, source, note FROM nic
  UNION ALL SELECT id, 'nvlink_bridge', vendor, name, price_usd, price_date, year, source, note FROM nvlink_bridge
  UNION ALL SELECT id, 'switch', vendor, name, price_usd, price_date, year, source, note FROM switch;
