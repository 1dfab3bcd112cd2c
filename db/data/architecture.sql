-- GPU architectures: feature support read by the rules (gpu.precision_unsupported)
-- and the perf model.  Sources: the vendors' architecture whitepapers.
INSERT INTO source (id, title, url, note) VALUES
('nvidia-kepler-gk210', 'NVIDIA Tesla K80 board specification / Kepler GK110/GK210 whitepaper', 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/tesla-product-literature/Tesla-K80-BoardSpec-07317-001-v05.pdf', NULL),
('nvidia-maxwell-whitepaper', 'NVIDIA GeForce GTX 980 whitepaper (Maxwell GM204)', 'https://international.download.nvidia.com/geforce-com/international/pdfs/GeForce_GTX_980_Whitepaper_FINAL.PDF', NULL),
('nvidia-pascal-whitepaper', 'NVIDIA Tesla P100 whitepaper (Pascal GP100)', 'https://images.nvidia.com/content/pdf/tesla/whitepaper/pascal-architecture-whitepaper.pdf', NULL),
('nvidia-volta-whitepaper', 'NVIDIA Tesla V100 GPU architecture whitepaper', 'https://images.nvidia.com/content/volta-architecture/pdf/volta-architecture-whitepaper.pdf', NULL),
('nvidia-turing-whitepaper', 'NVIDIA Turing GPU architecture whitepaper', 'https://images.nvidia.com/aem-dam/en-zz/Solutions/design-visualization/technologies/turing-architecture/NVIDIA-Turing-Architecture-Whitepaper.pdf', NULL),
('nvidia-ampere-ga100-whitepaper', 'NVIDIA A100 Tensor Core GPU architecture whitepaper', 'https://images.nvidia.com/aem-dam/en-zz/Solutions/data-center/nvidia-ampere-architecture-whitepaper.pdf', NULL),
('nvidia-ampere-ga102-whitepaper', 'NVIDIA Ampere GA102 GPU architecture whitepaper', 'https://www.nvidia.com/content/PDF/nvidia-ampere-ga-102-gpu-architecture-whitepaper-v2.pdf', NULL),
('nvidia-ada-whitepaper', 'NVIDIA Ada GPU architecture whitepaper', 'https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf', NULL),
('nvidia-hopper-whitepaper', 'NVIDIA H100 Tensor Core GPU architecture whitepaper', 'https://resources.nvidia.com/en-us-tensor-core', NULL),
('nvidia-blackwell-whitepaper', 'NVIDIA RTX Blackwell GPU architecture whitepaper', 'https://images.nvidia.com/aem-dam/Solutions/geforce/blackwell/nvidia-rtx-blackwell-gpu-architecture.pdf', NULL),
('amd-rdna3-isa', 'AMD RDNA 3 instruction set architecture reference (WMMA)', 'https://www.amd.com/content/dam/amd/en/documents/radeon-tech-docs/instruction-set-architectures/rdna3-shader-instruction-set-architecture-feb-2023_0.pdf', NULL),
('amd-cdna2-whitepaper', 'AMD CDNA 2 architecture whitepaper', 'https://www.amd.com/content/dam/amd/en/documents/instinct-business-docs/white-papers/amd-cdna2-white-paper.pdf', NULL),
('amd-rdna4-r9700', 'AMD Radeon AI PRO R9700 specifications (RDNA 4, gfx1201): FP16, BF16, FP8 (E5M2/E4M3) and INT8 matrix rates; ROCm GPU specifications table (gfx1201)', 'https://www.amd.com/en/products/graphics/workstations/radeon-ai-pro/ai-9000-series/amd-radeon-ai-pro-r9700.html', 'ROCm table: https://rocm.docs.amd.com/en/latest/reference/gpu-specs.html . No FP4 or TF32 matrix rate published: stored as unsupported.'),
('intel-xe2-pytorch-xpu', 'Intel Arc B-Series (Xe2, Battlemage) as PyTorch XPU hardware: PyTorch Getting Started on Intel GPU; TechPowerUp Arc B580 data (XMX matrix engines)', 'https://docs.pytorch.org/docs/stable/notes/get_start_xpu.html', 'XMX engines run FP16/BF16/INT8; TF32 and FP8 support not read (stored 0).');

INSERT INTO architecture (id, vendor, name, year, platform, tensor_cores, tf32, bf16, fp8, fp4,
                          tensor_generation_share, consumer_p2p, cuda12, pro_train_tflops_per_w, source, note) VALUES
('kepler',    'nvidia', 'Kepler',    2012, 'cuda', 0, 0, 0, 0, 0, NULL, NULL, 0, NULL, 'nvidia-kepler-gk210', 'No tensor cores; no fast FP16.'),
('maxwell',   'nvidia', 'Maxwell',   2014, 'cuda', 0, 0, 0, 0, 0, NULL, NULL, 1, NULL, 'nvidia-maxwell-whitepaper', 'No tensor cores; FP64 at 1/32 of FP32.'),
('pascal',    'nvidia', 'Pascal',    2016, 'cuda', 0, 0, 0, 0, 0, NULL, NULL, 1, NULL, 'nvidia-pascal-whitepaper', 'No tensor cores. GP100 has 2x-rate FP16 and 1/2-rate FP64; GP102/GP104 GeForce have 1/32-rate FP64.'),
('volta',     'nvidia', 'Volta',     2017, 'cuda', 1, 0, 0, 0, 0, 0.53, NULL, 1, NULL, 'nvidia-volta-whitepaper', 'First-generation tensor cores: FP16 only.'),
('turing',    'nvidia', 'Turing',    2018, 'cuda', 1, 0, 0, 0, 0, 0.53, NULL, 1, NULL, 'nvidia-turing-whitepaper', 'Tensor cores: FP16, INT8, INT4; no BF16 or TF32.'),
('ampere',    'nvidia', 'Ampere',    2020, 'cuda', 1, 1, 1, 0, 0, 1, NULL, 1, NULL, 'nvidia-ampere-ga100-whitepaper', 'Third-generation tensor cores add TF32 and BF16.'),
('ada',       'nvidia', 'Ada Lovelace', 2022, 'cuda', 1, 1, 1, 1, 0, 1, 0, 1, 0.47, 'nvidia-ada-whitepaper', 'Fourth-generation tensor cores add FP8.'),
('hopper',    'nvidia', 'Hopper',    2022, 'cuda', 1, 1, 1, 1, 0, 1, NULL, 1, NULL, 'nvidia-hopper-whitepaper', 'Fourth-generation tensor cores with FP8 and the Transformer Engine.'),
('blackwell', 'nvidia', 'Blackwell', 2025, 'cuda', 1, 1, 1, 1, 1, 1, 0, 1, NULL, 'nvidia-blackwell-whitepaper', 'Fifth-generation tensor cores add FP4.'),
('rdna3',     'amd',    'RDNA 3',    2022, 'rocm', 1, 0, 1, 0, 0, NULL, NULL, NULL, NULL, 'amd-rdna3-isa', 'WMMA matrix instructions for FP16/BF16/INT8; no FP8.'),
('rdna4',     'amd',    'RDNA 4',    2025, 'rocm', 1, 0, 1, 1, 0, NULL, NULL, NULL, NULL, 'amd-rdna4-r9700', 'AI accelerators (WMMA) for FP16, BF16, FP8 (E5M2/E4M3) and INT8, at twice the RDNA 3 rate per CU; no FP4 or TF32 rate published.'),
('cdna2',     'amd',    'CDNA 2',    2021, 'rocm', 1, 0, 1, 0, 0, NULL, NULL, NULL, NULL, 'amd-cdna2-whitepaper', 'Matrix cores for FP64, FP32, FP16, BF16, INT8; no FP8.'),
('xe2',       'intel',  'Xe2 (Battlemage)', 2024, 'xpu', 1, 0, 1, 0, 0, NULL, NULL, NULL, NULL, 'intel-xe2-pytorch-xpu', 'XMX matrix engines (FP16, BF16, INT8); runs PyTorch through the XPU device (oneAPI / SYCL). TF32 and FP8 not read: stored as unsupported.');
