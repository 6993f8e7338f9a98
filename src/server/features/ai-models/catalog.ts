/**
 * Seed catalog of real AI models for the AI Agora model directory.
 *
 * Every figure here (parameter counts, training data, benchmark scores, prices) is taken from the
 * maker's own announcement, model card, documentation or paper listed in the entry's `sources`.
 * Figures that the maker did not publish are left out (`null` or omitted from `benchmarkDetails`).
 * Benchmark scores are percentages as published by the maker for the model (or the named variant).
 */

export type CatalogCategory =
  | "Language Models"
  | "Image Generation"
  | "Audio & Speech"
  | "Code Generation"
  | "Video Generation"
  | "Research Tools";

export type CatalogPricing = "Free" | "Freemium" | "Paid" | "Enterprise";

export interface CatalogEntry {
  /** Stable, URL-safe, lowercase, hyphens only, e.g. "gpt-4o". */
  slug: string;
  name: string;
  company: string;
  /** One or two sentences. */
  description: string;
  /** A paragraph of 3-6 sentences. */
  longDescription: string;
  category: CatalogCategory;
  pricing: CatalogPricing;
  pricingDetails: string | null;
  /** 4-8 items. */
  features: string[];
  /** 3-6 items. */
  useCases: string[];
  /** e.g. "70B parameters"; null when the maker does not publish it. */
  modelSize: string | null;
  /** Short text; null when not published. */
  trainingData: string | null;
  hasApi: boolean;
  /** Open weights. */
  isOpenSource: boolean;
  website: string;
  /** ISO date "YYYY-MM-DD" of the public announcement. */
  releaseDate: string;
  /** Benchmark name -> score in percent (0-100), only figures the maker or paper published. */
  benchmarkDetails: Record<string, number>;
  /** URLs of the maker's public pages / papers / model cards the facts come from. */
  sources: string[];
}

export const CATALOG_SOURCE_NOTE =
  "Facts, figures and benchmark scores in this catalog come from each maker's public announcements, model cards, documentation and papers listed in the entry's sources, and are accurate as of each model's release date unless an entry notes a later change.";

export const catalog: CatalogEntry[] = [
  // ---------------------------------------------------------------------------
  // Language Models
  // ---------------------------------------------------------------------------
  {
    slug: "gpt-4o",
    name: "GPT-4o",
    company: "OpenAI",
    description:
      "OpenAI's multimodal model that reasons across text, images and audio in a single network. It powers ChatGPT and is available through the OpenAI API.",
    longDescription:
      "GPT-4o (the “o” stands for “omni”) was announced on 13 May 2024 as a single model trained end-to-end across text, vision and audio, replacing the separate transcription, reasoning and text-to-speech pipeline used by earlier ChatGPT voice features. OpenAI reported audio response times as short as 232 milliseconds, with an average of 320 milliseconds. It matches GPT-4 Turbo performance on English text and code while improving on non-English text, helped by a new tokenizer that needs fewer tokens for many languages. At launch the API version was half the price of GPT-4 Turbo, twice as fast and had five times higher rate limits. It is offered in ChatGPT, including the free tier with usage limits, and through the API with a 128K-token context window.",
    category: "Language Models",
    pricing: "Freemium",
    pricingDetails:
      "$2.50 / 1M input tokens, $10 / 1M output tokens (API, gpt-4o-2024-08-06; $5 / $15 at launch); available in ChatGPT Free with usage limits and in paid ChatGPT plans",
    features: [
      "Text, image and audio input in one model",
      "128K-token context window",
      "Real-time voice conversation (320 ms average audio response time)",
      "New tokenizer with better efficiency for non-English languages",
      "Function calling and Structured Outputs in the API",
      "Image, chart and document understanding",
    ],
    useCases: [
      "Conversational assistants and customer support",
      "Real-time voice interaction and translation",
      "Analysis of images, screenshots and documents",
      "Code generation and explanation",
      "Multilingual writing and summarization",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: true,
    isOpenSource: false,
    website: "https://openai.com/index/hello-gpt-4o/",
    releaseDate: "2024-05-13",
    benchmarkDetails: {
      MMLU: 88.7,
      GPQA: 53.6,
      MATH: 76.6,
      HumanEval: 90.2,
      MGSM: 90.5,
    },
    sources: [
      "https://openai.com/index/hello-gpt-4o/",
      "https://openai.com/api/pricing/",
      "https://platform.openai.com/docs/models",
    ],
  },
  {
    slug: "gpt-4o-mini",
    name: "GPT-4o mini",
    company: "OpenAI",
    description:
      "A small, low-cost model from OpenAI that accepts text and image input. It replaced GPT-3.5 Turbo in ChatGPT and is priced for high-volume API use.",
    longDescription:
      "GPT-4o mini was released on 18 July 2024 as OpenAI's cost-efficient small model. OpenAI reported a score of 82% on MMLU and priced it at $0.15 per million input tokens and $0.60 per million output tokens, more than 60% cheaper than GPT-3.5 Turbo. It supports a 128K-token context window, up to 16K output tokens per request and text and vision input in the API, with a knowledge cutoff of October 2023. It uses the same improved tokenizer as GPT-4o and was the first OpenAI model to apply the instruction hierarchy method intended to improve resistance to jailbreaks and prompt injections. In ChatGPT it became available to Free, Plus and Team users in place of GPT-3.5.",
    category: "Language Models",
    pricing: "Freemium",
    pricingDetails:
      "$0.15 / 1M input tokens, $0.60 / 1M output tokens (API); available to ChatGPT Free, Plus and Team users",
    features: [
      "128K-token context window",
      "Up to 16K output tokens per request",
      "Text and image input",
      "Function calling and Structured Outputs",
      "Instruction hierarchy training for prompt-injection resistance",
      "Same tokenizer as GPT-4o",
    ],
    useCases: [
      "High-volume chat and support applications",
      "Classification, extraction and summarization pipelines",
      "Applications that chain or parallelise many model calls",
      "Low-latency assistants",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: true,
    isOpenSource: false,
    website: "https://openai.com/index/gpt-4o-mini-advancing-cost-efficient-intelligence/",
    releaseDate: "2024-07-18",
    benchmarkDetails: {
      MMLU: 82.0,
      GPQA: 40.2,
      MATH: 70.2,
      HumanEval: 87.2,
      MGSM: 87.0,
      MMMU: 59.4,
    },
    sources: [
      "https://openai.com/index/gpt-4o-mini-advancing-cost-efficient-intelligence/",
      "https://openai.com/api/pricing/",
    ],
  },
  {
    slug: "claude-3-5-sonnet",
    name: "Claude 3.5 Sonnet",
    company: "Anthropic",
    description:
      "Anthropic's mid-sized Claude 3.5 model with a 200K-token context window and image input. It is available on Claude.ai and through the Anthropic API.",
    longDescription:
      "Claude 3.5 Sonnet was released on 20 June 2024 as the first model of Anthropic's Claude 3.5 family. Anthropic reported that it exceeded Claude 3 Opus on a broad set of evaluations while running at twice the speed of Opus and at the price of the mid-tier Claude 3 Sonnet. In an internal agentic coding evaluation it solved 64% of problems, compared with 38% for Claude 3 Opus. It also improved on vision tasks such as interpreting charts and transcribing text from imperfect images. The model launched together with Artifacts, a Claude.ai feature that shows generated code, documents and designs in a separate window next to the conversation.",
    category: "Language Models",
    pricing: "Freemium",
    pricingDetails:
      "$3 / 1M input tokens, $15 / 1M output tokens (API); free on Claude.ai with usage limits, higher limits on Claude Pro and Team plans",
    features: [
      "200K-token context window",
      "Text and image input",
      "Tool use (function calling) via the API",
      "Artifacts workspace in Claude.ai",
      "Available via the Anthropic API, Amazon Bedrock and Google Cloud Vertex AI",
    ],
    useCases: [
      "Software development and code review",
      "Multi-step agentic workflows",
      "Chart, diagram and document analysis",
      "Customer support and content drafting",
      "Long-document question answering",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: true,
    isOpenSource: false,
    website: "https://www.anthropic.com/news/claude-3-5-sonnet",
    releaseDate: "2024-06-20",
    benchmarkDetails: {
      MMLU: 88.7,
      GPQA: 59.4,
      HumanEval: 92.0,
      MATH: 71.1,
      GSM8K: 96.4,
      MGSM: 91.6,
    },
    sources: ["https://www.anthropic.com/news/claude-3-5-sonnet", "https://www.anthropic.com/pricing"],
  },
  {
    slug: "claude-3-haiku",
    name: "Claude 3 Haiku",
    company: "Anthropic",
    description:
      "The smallest and fastest model in Anthropic's Claude 3 family, intended for near-instant, high-volume tasks. It accepts text and image input with a 200K-token context window.",
    longDescription:
      "Claude 3 Haiku was announced on 4 March 2024 together with Claude 3 Opus and Claude 3 Sonnet, and became available through the API on 13 March 2024. Anthropic positioned it as the fastest and most compact member of the Claude 3 family, aimed at responsive customer interactions, content moderation and other latency-sensitive workloads. Like the other Claude 3 models it has a 200K-token context window and can read images such as charts, photos and documents. It is priced at $0.25 per million input tokens and $1.25 per million output tokens.",
    category: "Language Models",
    pricing: "Paid",
    pricingDetails: "$0.25 / 1M input tokens, $1.25 / 1M output tokens (API); also included in Claude Pro",
    features: [
      "200K-token context window",
      "Text and image input",
      "Low latency for interactive applications",
      "Tool use via the API",
      "Available via the Anthropic API, Amazon Bedrock and Google Cloud Vertex AI",
    ],
    useCases: [
      "Live customer support chat",
      "Content moderation",
      "Data extraction from documents and images",
      "High-volume classification and tagging",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: true,
    isOpenSource: false,
    website: "https://www.anthropic.com/news/claude-3-haiku",
    releaseDate: "2024-03-04",
    benchmarkDetails: {
      MMLU: 75.2,
      GPQA: 33.3,
      GSM8K: 88.9,
      MATH: 38.9,
      HumanEval: 75.9,
      MGSM: 75.1,
    },
    sources: [
      "https://www.anthropic.com/news/claude-3-family",
      "https://www.anthropic.com/news/claude-3-haiku",
    ],
  },
  {
    slug: "gemini-1-5-pro",
    name: "Gemini 1.5 Pro",
    company: "Google DeepMind",
    description:
      "A multimodal mixture-of-experts model from Google with a context window of up to one million tokens (later two million). It can process long documents, codebases, audio and video in a single prompt.",
    longDescription:
      "Gemini 1.5 Pro was announced on 15 February 2024 as the first model of the Gemini 1.5 generation, built on a mixture-of-experts architecture. It shipped with a standard 128K-token context window and a preview of a one-million-token window, enough for about one hour of video, 11 hours of audio, codebases of over 30,000 lines or over 700,000 words; Google's research tests went up to 10 million tokens. A two-million-token context window followed in mid-2024. Google reported that it performed at a level broadly similar to Gemini 1.0 Ultra while using less compute. The benchmark figures below are those published for the February 2024 version; later updated versions reported higher scores.",
    category: "Language Models",
    pricing: "Freemium",
    pricingDetails:
      "Free tier with rate limits in Google AI Studio and the Gemini API; pay-as-you-go per-token pricing on the Gemini API and Vertex AI",
    features: [
      "Mixture-of-experts (MoE) architecture",
      "Up to 1M-token context window (2M tokens from mid-2024)",
      "Native text, image, audio, video and code understanding",
      "Long-context retrieval across documents, audio and video",
      "Function calling and JSON output in the Gemini API",
      "Available in Google AI Studio and Vertex AI",
    ],
    useCases: [
      "Question answering over very long documents",
      "Video and audio analysis",
      "Understanding and modifying large codebases",
      "Multimodal data extraction",
    ],
    modelSize: null,
    trainingData:
      "Multimodal and multilingual data including web documents, code, images, audio and video (size not published)",
    hasApi: true,
    isOpenSource: false,
    website: "https://ai.google.dev/gemini-api/docs/models/gemini",
    releaseDate: "2024-02-15",
    benchmarkDetails: {
      MMLU: 81.9,
      GPQA: 41.5,
      MATH: 58.5,
      HumanEval: 71.9,
      "BIG-Bench-Hard": 84.0,
    },
    sources: [
      "https://blog.google/technology/ai/google-gemini-next-generation-model-february-2024/",
      "https://arxiv.org/abs/2403.05530",
      "https://ai.google.dev/gemini-api/docs/models/gemini",
    ],
  },
  {
    slug: "llama-3-1-405b",
    name: "Llama 3.1 405B",
    company: "Meta",
    description:
      "Meta's largest Llama 3.1 model, a 405-billion-parameter dense Transformer released with open weights. It supports a 128K-token context window, eight languages and tool use.",
    longDescription:
      "Llama 3.1 405B was released by Meta on 23 July 2024 alongside updated 8B and 70B models. It was pretrained on over 15 trillion tokens using more than 16,000 NVIDIA H100 GPUs, and the Llama 3.1 family extends the context window to 128K tokens. The instruction-tuned model supports English, German, French, Italian, Portuguese, Hindi, Spanish and Thai, as well as tool use, and Meta reported results comparable to leading closed models on knowledge, math, coding and multilingual benchmarks. Meta also published an FP8-quantized version so the model can run on a single server node. The weights are available under the Llama 3.1 Community License, which permits using outputs for synthetic data generation and distillation.",
    category: "Language Models",
    pricing: "Free",
    pricingDetails:
      "Open weights free to download under the Llama 3.1 Community License; hosted inference is sold by third-party cloud providers at their own prices",
    features: [
      "405B-parameter dense decoder-only Transformer",
      "128K-token context window",
      "Eight supported languages",
      "Tool use and function calling",
      "Official FP8-quantized weights for single-node inference",
      "License allows synthetic data generation and distillation",
    ],
    useCases: [
      "Self-hosted enterprise assistants",
      "Synthetic data generation",
      "Distillation into smaller models",
      "Research on large open models",
      "Multilingual chat and long-document tasks",
    ],
    modelSize: "405B parameters",
    trainingData: "Over 15 trillion tokens of publicly available data (knowledge cutoff December 2023)",
    hasApi: false,
    isOpenSource: true,
    website: "https://www.llama.com/",
    releaseDate: "2024-07-23",
    benchmarkDetails: {
      MMLU: 88.6,
      GPQA: 51.1,
      HumanEval: 89.0,
      GSM8K: 96.8,
      MATH: 73.8,
      "ARC-Challenge": 96.9,
    },
    sources: [
      "https://ai.meta.com/blog/meta-llama-3-1/",
      "https://huggingface.co/meta-llama/Llama-3.1-405B-Instruct",
      "https://arxiv.org/abs/2407.21783",
    ],
  },
  {
    slug: "llama-3-1-8b",
    name: "Llama 3.1 8B",
    company: "Meta",
    description:
      "The smallest Llama 3.1 model, an 8-billion-parameter open-weight model with a 128K-token context window. It is sized to run on a single consumer or workstation GPU.",
    longDescription:
      "Llama 3.1 8B was released by Meta on 23 July 2024 as part of the Llama 3.1 collection, sharing the same training recipe as the 405B model. It was pretrained on over 15 trillion tokens of publicly available data and supports a 128K-token context window, eight languages and tool use in its instruction-tuned form. Its small size makes it practical for local inference, fine-tuning and on-premises deployment. The weights are distributed under the Llama 3.1 Community License.",
    category: "Language Models",
    pricing: "Free",
    pricingDetails: "Open weights free to download under the Llama 3.1 Community License",
    features: [
      "8B-parameter dense Transformer",
      "128K-token context window",
      "Eight supported languages",
      "Tool use in the instruction-tuned version",
      "Runs on a single GPU",
    ],
    useCases: [
      "Local and on-device assistants",
      "Domain-specific fine-tuning",
      "Low-cost summarization and classification",
      "Prototyping LLM applications",
    ],
    modelSize: "8B parameters",
    trainingData: "Over 15 trillion tokens of publicly available data (knowledge cutoff December 2023)",
    hasApi: false,
    isOpenSource: true,
    website: "https://www.llama.com/",
    releaseDate: "2024-07-23",
    benchmarkDetails: {
      MMLU: 73.0,
      HumanEval: 72.6,
      GSM8K: 84.5,
      MATH: 51.9,
      "ARC-Challenge": 83.4,
    },
    sources: [
      "https://ai.meta.com/blog/meta-llama-3-1/",
      "https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct",
    ],
  },
  {
    slug: "mistral-large-2",
    name: "Mistral Large 2",
    company: "Mistral AI",
    description:
      "Mistral AI's 123-billion-parameter flagship model with a 128K-token context window. It supports dozens of natural languages and more than 80 programming languages.",
    longDescription:
      "Mistral Large 2 (model name mistral-large-2407) was released on 24 July 2024. It has 123 billion parameters and a 128K-token context window, and was designed for single-node inference in long-context applications. Mistral AI reported 84.0% on MMLU for the pretrained version, improved code generation, reasoning and function calling, and training aimed at reducing hallucinations and acknowledging when the model cannot answer. It supports languages including French, German, Spanish, Italian, Portuguese, Arabic, Hindi, Russian, Chinese, Japanese and Korean. The weights are published under the Mistral Research License, while commercial self-deployment requires a separate commercial license.",
    category: "Language Models",
    pricing: "Freemium",
    pricingDetails:
      "Pay-per-token on Mistral AI's La Plateforme; usable in the Le Chat assistant; weights under the Mistral Research License (commercial self-deployment requires a Mistral Commercial License)",
    features: [
      "123B-parameter model",
      "128K-token context window",
      "Dozens of supported natural languages",
      "80+ programming languages",
      "Native function calling and JSON output",
      "Open weights for research use",
    ],
    useCases: [
      "Multilingual enterprise assistants",
      "Code generation",
      "Retrieval-augmented generation over long documents",
      "Agentic workflows with function calling",
    ],
    modelSize: "123B parameters",
    trainingData: null,
    hasApi: true,
    isOpenSource: true,
    website: "https://mistral.ai/news/mistral-large-2407/",
    releaseDate: "2024-07-24",
    benchmarkDetails: {
      MMLU: 84.0,
    },
    sources: [
      "https://mistral.ai/news/mistral-large-2407/",
      "https://huggingface.co/mistralai/Mistral-Large-Instruct-2407",
    ],
  },
  {
    slug: "mixtral-8x7b",
    name: "Mixtral 8x7B",
    company: "Mistral AI",
    description:
      "A sparse mixture-of-experts model from Mistral AI that uses 12.9B of its 46.7B parameters per token. It was released under the Apache 2.0 license.",
    longDescription:
      "Mixtral 8x7B was announced by Mistral AI on 11 December 2023. Each layer contains eight feed-forward expert blocks, and a router selects two of them for every token, so only 12.9 billion of the 46.7 billion parameters are used per token. Mistral AI reported that it matches or outperforms Llama 2 70B and GPT-3.5 on most standard benchmarks, with roughly six times faster inference than Llama 2 70B. It handles a 32K-token context and English, French, Italian, German and Spanish. An instruction-tuned version, Mixtral 8x7B Instruct, was trained with supervised fine-tuning and direct preference optimization.",
    category: "Language Models",
    pricing: "Freemium",
    pricingDetails:
      "Open weights free under the Apache 2.0 license; hosted pay-per-token access on Mistral AI's La Plateforme",
    features: [
      "Sparse mixture-of-experts: 8 experts, 2 active per token",
      "32K-token context window",
      "English, French, Italian, German and Spanish",
      "Apache 2.0 open weights",
      "Instruction-tuned variant trained with SFT and DPO",
    ],
    useCases: [
      "Self-hosted chat assistants",
      "Cost-efficient text generation and summarization",
      "Code assistance",
      "Research on mixture-of-experts models",
    ],
    modelSize: "46.7B total parameters, 12.9B active per token",
    trainingData: "Data extracted from the open web (details not published)",
    hasApi: true,
    isOpenSource: true,
    website: "https://mistral.ai/news/mixtral-of-experts/",
    releaseDate: "2023-12-11",
    benchmarkDetails: {
      MMLU: 70.6,
      GSM8K: 74.4,
      HumanEval: 40.2,
      MBPP: 60.7,
      MATH: 28.4,
    },
    sources: [
      "https://mistral.ai/news/mixtral-of-experts/",
      "https://arxiv.org/abs/2401.04088",
      "https://huggingface.co/mistralai/Mixtral-8x7B-v0.1",
    ],
  },
  {
    slug: "gemma-2-27b",
    name: "Gemma 2 27B",
    company: "Google DeepMind",
    description:
      "The largest model of Google's Gemma 2 open-weight family, with 27 billion parameters. It is designed to run at full precision on a single high-end GPU or TPU host.",
    longDescription:
      "Gemma 2 was released by Google on 27 June 2024 in 9B and 27B sizes, with a 2B model following later. The 27B model was trained on 13 trillion tokens of primarily English web documents, code and mathematics, and has an 8,192-token context window. Its architecture interleaves local sliding-window and global attention layers and uses logit soft-capping and grouped-query attention. Google designed it to run inference at full precision on a single NVIDIA H100 GPU or a single TPU host. The weights are released under the Gemma terms of use, which permit commercial use.",
    category: "Language Models",
    pricing: "Free",
    pricingDetails:
      "Open weights free to download from Kaggle and Hugging Face under the Gemma terms of use; deployable on Vertex AI at standard compute cost",
    features: [
      "27B-parameter decoder-only Transformer",
      "8,192-token context window",
      "Interleaved local and global attention",
      "Logit soft-capping and grouped-query attention",
      "Single-GPU full-precision inference",
      "Open weights with commercial use permitted",
    ],
    useCases: [
      "Self-hosted chat and writing assistants",
      "Fine-tuning for domain-specific tasks",
      "Research on open language models",
      "Question answering and summarization",
    ],
    modelSize: "27B parameters",
    trainingData: "13 trillion tokens of primarily English web documents, code and mathematics",
    hasApi: false,
    isOpenSource: true,
    website: "https://ai.google.dev/gemma",
    releaseDate: "2024-06-27",
    benchmarkDetails: {
      MMLU: 75.2,
      HellaSwag: 86.4,
      GSM8K: 74.0,
      MATH: 42.3,
      HumanEval: 51.8,
      MBPP: 62.6,
    },
    sources: [
      "https://blog.google/technology/developers/google-gemma-2/",
      "https://huggingface.co/google/gemma-2-27b",
      "https://ai.google.dev/gemma/docs/model_card_2",
      "https://arxiv.org/abs/2408.00118",
    ],
  },
  {
    slug: "qwen2-5-72b",
    name: "Qwen2.5 72B",
    company: "Alibaba Cloud (Qwen Team)",
    description:
      "The largest open-weight model of Alibaba Cloud's Qwen2.5 series, pretrained on 18 trillion tokens. It supports a 128K-token context and more than 29 languages.",
    longDescription:
      "Qwen2.5 was released by Alibaba Cloud's Qwen team on 19 September 2024 in sizes from 0.5B to 72B parameters, with base and instruction-tuned versions of each. The pretraining dataset grew from 7 trillion tokens for Qwen2 to 18 trillion tokens, and post-training used over one million supervised examples plus multi-stage reinforcement learning. The 72B model supports a 128K-token context, generates up to 8K tokens, handles more than 29 languages and improves on structured data understanding and JSON output. The benchmark figures below are those reported for Qwen2.5-72B-Instruct in the Qwen2.5 technical report. The 72B weights are distributed under the Qwen License, while most smaller sizes use Apache 2.0.",
    category: "Language Models",
    pricing: "Freemium",
    pricingDetails:
      "Open weights free under the Qwen License (a separate license is required above 100 million monthly active users); hosted pay-per-token access through Alibaba Cloud Model Studio",
    features: [
      "72.7B-parameter dense Transformer",
      "128K-token context, up to 8K generated tokens",
      "Support for more than 29 languages",
      "Structured data understanding and JSON output",
      "Base and instruction-tuned versions, plus quantized variants",
    ],
    useCases: [
      "Multilingual chat assistants",
      "Math and reasoning tasks",
      "Code generation",
      "Structured data extraction",
      "Self-hosted enterprise deployments",
    ],
    modelSize: "72.7B parameters",
    trainingData: "18 trillion tokens of multilingual text, code and mathematics data",
    hasApi: true,
    isOpenSource: true,
    website: "https://qwenlm.github.io/blog/qwen2.5/",
    releaseDate: "2024-09-19",
    benchmarkDetails: {
      "MMLU-Pro": 71.1,
      "MMLU-redux": 86.8,
      GPQA: 49.0,
      MATH: 83.1,
      GSM8K: 95.8,
      HumanEval: 86.6,
      MBPP: 88.2,
    },
    sources: [
      "https://qwenlm.github.io/blog/qwen2.5/",
      "https://huggingface.co/Qwen/Qwen2.5-72B-Instruct",
      "https://arxiv.org/abs/2412.15115",
    ],
  },

  // ---------------------------------------------------------------------------
  // Image Generation
  // ---------------------------------------------------------------------------
  {
    slug: "dall-e-3",
    name: "DALL·E 3",
    company: "OpenAI",
    description:
      "OpenAI's third-generation text-to-image model, built to follow detailed prompts closely. It is available in ChatGPT and through the OpenAI Images API.",
    longDescription:
      "DALL·E 3 was announced on 20 September 2023 and built natively on ChatGPT, which can write and refine detailed prompts for it during a conversation. OpenAI's accompanying paper attributes its improved prompt following to training on highly descriptive synthetic image captions. It declines requests for images in the style of living artists and for images of public figures by name, and creators can ask for their images to be excluded from training of future models. The API offers 1024×1024, 1792×1024 and 1024×1792 outputs in standard or HD quality, and since early 2024 generated images carry C2PA provenance metadata.",
    category: "Image Generation",
    pricing: "Paid",
    pricingDetails:
      "API: $0.040 per standard 1024×1024 image, $0.080 per HD 1024×1024 image (larger sizes cost more); included in paid ChatGPT plans",
    features: [
      "Text-to-image generation from detailed natural-language prompts",
      "ChatGPT integration for conversational prompt refinement",
      "Output sizes 1024×1024, 1792×1024 and 1024×1792",
      "Standard and HD quality, vivid and natural styles",
      "Improved rendering of text inside images",
      "C2PA provenance metadata",
    ],
    useCases: [
      "Illustrations for articles and presentations",
      "Marketing and social media visuals",
      "Concept art and storyboarding",
      "Product mock-ups",
    ],
    modelSize: null,
    trainingData:
      "Image–text pairs re-captioned with highly descriptive synthetic captions (dataset not published)",
    hasApi: true,
    isOpenSource: false,
    website: "https://openai.com/index/dall-e-3/",
    releaseDate: "2023-09-20",
    benchmarkDetails: {},
    sources: [
      "https://openai.com/index/dall-e-3/",
      "https://cdn.openai.com/papers/dall-e-3.pdf",
      "https://platform.openai.com/docs/guides/images",
      "https://openai.com/api/pricing/",
    ],
  },
  {
    slug: "stable-diffusion-xl",
    name: "Stable Diffusion XL 1.0",
    company: "Stability AI",
    description:
      "Stability AI's open-weight latent diffusion model for 1024×1024 text-to-image generation. It pairs a 3.5B-parameter base model with an optional refiner.",
    longDescription:
      "Stable Diffusion XL 1.0 was released by Stability AI on 26 July 2023 as the successor to Stable Diffusion 2.1. It uses a 3.5-billion-parameter base model and, together with its optional refiner, forms a 6.6-billion-parameter pipeline. The UNet is about three times larger than in earlier versions and conditions on two text encoders, OpenCLIP ViT-bigG/14 and CLIP ViT-L/14. It generates images natively at 1024×1024 and supports image-to-image, inpainting and outpainting. The weights are released under the CreativeML Open RAIL++-M license and are widely used as a base for community fine-tunes and LoRA adapters.",
    category: "Image Generation",
    pricing: "Freemium",
    pricingDetails:
      "Weights free under the CreativeML Open RAIL++-M license; hosted generation through the credit-based Stability AI API",
    features: [
      "Native 1024×1024 resolution",
      "Two text encoders (OpenCLIP ViT-bigG/14 and CLIP ViT-L/14)",
      "Optional refiner model for fine detail",
      "Image-to-image, inpainting and outpainting",
      "Open weights suitable for fine-tuning and LoRA adapters",
    ],
    useCases: [
      "Self-hosted image generation",
      "Custom fine-tuned styles and characters",
      "Concept art and design exploration",
      "Research on diffusion models",
    ],
    modelSize: "3.5B-parameter base model; 6.6B parameters with the refiner",
    trainingData: null,
    hasApi: true,
    isOpenSource: true,
    website: "https://stability.ai/news/stable-diffusion-sdxl-1-announcement",
    releaseDate: "2023-07-26",
    benchmarkDetails: {},
    sources: [
      "https://stability.ai/news/stable-diffusion-sdxl-1-announcement",
      "https://huggingface.co/stabilityai/stable-diffusion-xl-base-1.0",
      "https://arxiv.org/abs/2307.01952",
    ],
  },
  {
    slug: "stable-diffusion-3-medium",
    name: "Stable Diffusion 3 Medium",
    company: "Stability AI",
    description:
      "A 2-billion-parameter open-weight text-to-image model built on Stability AI's Multimodal Diffusion Transformer (MMDiT). It targets better typography and prompt following on consumer GPUs.",
    longDescription:
      "Stable Diffusion 3 Medium was released on 12 June 2024 as the first openly downloadable model of the Stable Diffusion 3 family. It is a 2-billion-parameter Multimodal Diffusion Transformer trained with rectified flow, as described in the paper Scaling Rectified Flow Transformers for High-Resolution Image Synthesis. It uses three text encoders (CLIP ViT-L, OpenCLIP ViT-bigG and T5-XXL) and generates images of about one megapixel. Stability AI highlighted improvements in photorealism, typography and handling of complex prompts, and a size small enough for consumer GPUs. It was first released under a non-commercial research license and moved to the Stability AI Community License in July 2024.",
    category: "Image Generation",
    pricing: "Freemium",
    pricingDetails:
      "Weights free under the Stability AI Community License for individuals and organizations with under $1M annual revenue; enterprise license above that; hosted access via the Stability AI API",
    features: [
      "2B-parameter Multimodal Diffusion Transformer (MMDiT)",
      "Rectified flow training",
      "Three text encoders including T5-XXL",
      "Improved text rendering in images",
      "Runs on consumer GPUs",
    ],
    useCases: [
      "Posters and graphics with legible text",
      "Local image generation on consumer hardware",
      "Fine-tuning for custom styles",
      "Research on diffusion transformers",
    ],
    modelSize: "2B parameters",
    trainingData:
      "Pretrained on about 1 billion images, then fine-tuned on 30M high-quality aesthetic images and 3M preference-data images",
    hasApi: true,
    isOpenSource: true,
    website: "https://stability.ai/news/stable-diffusion-3-medium",
    releaseDate: "2024-06-12",
    benchmarkDetails: {},
    sources: [
      "https://stability.ai/news/stable-diffusion-3-medium",
      "https://huggingface.co/stabilityai/stable-diffusion-3-medium",
      "https://arxiv.org/abs/2403.03206",
    ],
  },
  {
    slug: "flux-1-dev",
    name: "FLUX.1 [dev]",
    company: "Black Forest Labs",
    description:
      "A 12-billion-parameter rectified flow transformer for text-to-image generation with openly available weights for non-commercial use. It is guidance-distilled from FLUX.1 [pro].",
    longDescription:
      "FLUX.1 was announced on 1 August 2024 as the first model family of Black Forest Labs, a company founded by researchers behind latent diffusion and Stable Diffusion. The family comprises FLUX.1 [pro] (API only), FLUX.1 [dev] (open weights for non-commercial use) and FLUX.1 [schnell] (Apache 2.0). FLUX.1 [dev] is a 12-billion-parameter rectified flow transformer distilled from FLUX.1 [pro] with guidance distillation, which makes inference more efficient. It supports a range of aspect ratios and resolutions between 0.1 and 2.0 megapixels. Its license allows generated images to be used commercially, while commercial use of the model itself requires a separate license from Black Forest Labs.",
    category: "Image Generation",
    pricing: "Freemium",
    pricingDetails:
      "Open weights free under the FLUX.1 [dev] Non-Commercial License; commercial licensing and pay-per-image hosted inference through the Black Forest Labs API and partner platforms",
    features: [
      "12B-parameter rectified flow transformer",
      "Guidance-distilled from FLUX.1 [pro]",
      "Flexible aspect ratios from 0.1 to 2.0 megapixels",
      "Open weights with reference inference code",
      "Supported in the Hugging Face Diffusers library",
    ],
    useCases: [
      "Personal and research image generation",
      "Prototyping image features before commercial licensing",
      "Fine-tuning and LoRA training",
      "Illustration and concept art",
    ],
    modelSize: "12B parameters",
    trainingData: null,
    hasApi: true,
    isOpenSource: true,
    website: "https://blackforestlabs.ai/",
    releaseDate: "2024-08-01",
    benchmarkDetails: {},
    sources: [
      "https://blackforestlabs.ai/announcing-black-forest-labs/",
      "https://huggingface.co/black-forest-labs/FLUX.1-dev",
      "https://github.com/black-forest-labs/flux",
    ],
  },
  {
    slug: "midjourney-v6",
    name: "Midjourney V6",
    company: "Midjourney",
    description:
      "Version 6 of Midjourney's subscription image generator, trained from scratch for better prompt following and coherence. It is used through Discord and the Midjourney website.",
    longDescription:
      "Midjourney released the alpha of Model Version 6 on 21 December 2023, after about nine months of training from scratch. Compared with V5.2 it follows prompts more literally, accepts much longer prompts, improves coherence and model knowledge, and can render short pieces of text written in quotation marks. It shipped with improved upscalers and works with Midjourney's editing tools such as variations, pan, zoom out and region variation. Midjourney is available only through paid subscriptions and has no public API.",
    category: "Image Generation",
    pricing: "Paid",
    pricingDetails:
      "Subscription plans: Basic $10/month, Standard $30/month, Pro $60/month, Mega $120/month (discount for annual billing)",
    features: [
      "More literal prompt following and support for longer prompts",
      "Text rendering for short phrases in quotation marks",
      "Improved coherence and model knowledge",
      "Subtle and creative upscalers",
      "Variation, pan, zoom out and region editing tools",
      "Access via Discord and the midjourney.com web app",
    ],
    useCases: [
      "Concept art and mood boards",
      "Editorial and marketing imagery",
      "Game and film pre-visualisation",
      "Personal creative projects",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: false,
    isOpenSource: false,
    website: "https://www.midjourney.com/",
    releaseDate: "2023-12-21",
    benchmarkDetails: {},
    sources: ["https://docs.midjourney.com/docs/models", "https://docs.midjourney.com/docs/plans"],
  },
  {
    slug: "imagen-3",
    name: "Imagen 3",
    company: "Google DeepMind",
    description:
      "Google DeepMind's third-generation text-to-image diffusion model, with improved detail, lighting and text rendering. Outputs carry an invisible SynthID watermark.",
    longDescription:
      "Imagen 3 was announced at Google I/O on 14 May 2024 and described in a technical report published in August 2024. Google DeepMind reported better detail, richer lighting and fewer distracting artifacts than earlier Imagen models, along with improved understanding of long prompts and better rendering of text. It supports a range of styles from photorealistic images to illustrations. All generated images are marked with SynthID, an invisible digital watermark. It is offered in ImageFX, the Gemini app and on Vertex AI.",
    category: "Image Generation",
    pricing: "Freemium",
    pricingDetails:
      "Free to try with limits in ImageFX and the Gemini app; pay-per-image on Vertex AI and the Gemini API",
    features: [
      "Text-to-image latent diffusion",
      "Improved detail, lighting and fewer artifacts",
      "Better rendering of text in images",
      "Photorealistic and illustrative styles",
      "SynthID invisible watermarking",
    ],
    useCases: [
      "Marketing and advertising visuals",
      "Product and lifestyle photography mock-ups",
      "Illustrations for presentations",
      "Creative exploration",
    ],
    modelSize: null,
    trainingData: "Filtered dataset of images with text and annotations (size not published)",
    hasApi: true,
    isOpenSource: false,
    website: "https://deepmind.google/technologies/imagen-3/",
    releaseDate: "2024-05-14",
    benchmarkDetails: {},
    sources: [
      "https://deepmind.google/technologies/imagen-3/",
      "https://blog.google/technology/ai/google-generative-ai-veo-imagen-3/",
      "https://arxiv.org/abs/2408.07009",
    ],
  },

  // ---------------------------------------------------------------------------
  // Audio & Speech
  // ---------------------------------------------------------------------------
  {
    slug: "whisper-large-v3",
    name: "Whisper large-v3",
    company: "OpenAI",
    description:
      "OpenAI's open-weight speech recognition and translation model with 1.55 billion parameters. It transcribes speech in about 100 languages and translates it into English.",
    longDescription:
      "Whisper large-v3 was released by OpenAI on 6 November 2023 as an update to the Whisper model family introduced in the 2022 paper Robust Speech Recognition via Large-Scale Weak Supervision. The original Whisper models were trained on 680,000 hours of weakly supervised audio; large-v3 was trained on 1 million hours of weakly labelled audio plus 4 million hours of pseudo-labelled audio collected with Whisper large-v2. It keeps the large-v2 architecture but uses 128 Mel frequency bins instead of 80 and adds a language token for Cantonese. OpenAI reported a 10% to 20% reduction in errors compared with large-v2 across many languages. The model and code are released under the MIT license.",
    category: "Audio & Speech",
    pricing: "Free",
    pricingDetails:
      "Open weights and code free under the MIT license (OpenAI's hosted whisper-1 transcription API is based on large-v2)",
    features: [
      "Multilingual speech recognition",
      "Speech translation into English",
      "Language identification",
      "Phrase-level timestamps",
      "128 Mel frequency bin input",
      "MIT-licensed weights and code",
    ],
    useCases: [
      "Transcribing meetings, interviews and podcasts",
      "Generating subtitles and captions",
      "Voice interfaces and assistants",
      "Searchable archives of audio and video",
    ],
    modelSize: "1.55B parameters",
    trainingData:
      "1M hours of weakly labelled audio plus 4M hours of pseudo-labelled audio collected with Whisper large-v2 (original Whisper: 680,000 hours)",
    hasApi: false,
    isOpenSource: true,
    website: "https://github.com/openai/whisper",
    releaseDate: "2023-11-06",
    benchmarkDetails: {},
    sources: [
      "https://huggingface.co/openai/whisper-large-v3",
      "https://github.com/openai/whisper",
      "https://arxiv.org/abs/2212.04356",
    ],
  },
  {
    slug: "elevenlabs-multilingual-v2",
    name: "Eleven Multilingual v2",
    company: "ElevenLabs",
    description:
      "ElevenLabs' multilingual text-to-speech model that speaks 29 languages while keeping a voice's characteristics. It works with ElevenLabs' preset, designed and cloned voices.",
    longDescription:
      "Eleven Multilingual v2 was released by ElevenLabs on 22 August 2023, when its speech tools came out of beta. The model detects the language of the input text and generates speech with matching pronunciation and intonation, and a single voice keeps its characteristics across languages. ElevenLabs' documentation lists 29 supported languages, including English, Japanese, Chinese, German, Hindi, French, Korean, Portuguese, Italian, Spanish and Arabic. It can be used with preset library voices, designed voices and instant or professional voice clones, and offers stability, similarity, style and speaker-boost settings. It is available in the ElevenLabs web app and through a streaming API.",
    category: "Audio & Speech",
    pricing: "Freemium",
    pricingDetails:
      "Free plan with 10,000 characters per month; paid subscriptions from $5/month with larger character quotas; API usage billed against the plan",
    features: [
      "Text-to-speech in 29 languages",
      "Automatic language detection from input text",
      "Consistent voice identity across languages",
      "Works with instant and professional voice clones",
      "Stability, similarity, style and speaker-boost controls",
      "Streaming API and official SDKs",
    ],
    useCases: [
      "Audiobook and long-form narration",
      "Video voice-overs and localisation",
      "Voice assistants and IVR systems",
      "Accessibility and read-aloud features",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: true,
    isOpenSource: false,
    website: "https://elevenlabs.io/",
    releaseDate: "2023-08-22",
    benchmarkDetails: {},
    sources: [
      "https://elevenlabs.io/blog/multilingualv2",
      "https://elevenlabs.io/docs/overview/models",
      "https://elevenlabs.io/pricing",
    ],
  },
  {
    slug: "bark",
    name: "Bark",
    company: "Suno",
    description:
      "An open-source transformer text-to-audio model from Suno that generates speech, music and sound effects. It can also produce nonverbal sounds such as laughter and sighs.",
    longDescription:
      "Bark was released by Suno on 20 April 2023 and relicensed under the MIT license on 1 May 2023, allowing commercial use. It is a fully generative text-to-audio model rather than a conventional text-to-speech system: a chain of three GPT-style transformers converts text into semantic tokens and then into EnCodec audio codebooks, without an intermediate phoneme step. Text cues such as [laughs], [sighs] or ♪ lyrics ♪ steer it towards nonverbal sounds or singing, and it supports 13 languages and more than 100 speaker presets. Generations are optimized for roughly 13–14 seconds of audio, and it does not support custom voice cloning. Suno describes it as a research model whose output can deviate from the prompt.",
    category: "Audio & Speech",
    pricing: "Free",
    pricingDetails: "Open weights and code free under the MIT license",
    features: [
      "Generates speech, music, background noise and sound effects",
      "Nonverbal sounds such as laughter, sighs and crying",
      "13 supported languages with automatic language detection",
      "100+ speaker presets",
      "GPT-style transformers over EnCodec audio tokens",
      "Smaller model option for GPUs with less memory",
    ],
    useCases: [
      "Expressive voice prototypes",
      "Game and animation placeholder dialogue",
      "Sound effect experimentation",
      "Research on generative audio",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: false,
    isOpenSource: true,
    website: "https://github.com/suno-ai/bark",
    releaseDate: "2023-04-20",
    benchmarkDetails: {},
    sources: ["https://github.com/suno-ai/bark", "https://huggingface.co/suno/bark"],
  },
  {
    slug: "musicgen",
    name: "MusicGen",
    company: "Meta",
    description:
      "Meta's open music generation model that creates music from text descriptions and optionally a reference melody. It is part of Meta's AudioCraft library.",
    longDescription:
      "MusicGen was introduced by Meta in the paper Simple and Controllable Music Generation, published on 8 June 2023, and released in the AudioCraft code base. It is a single-stage autoregressive transformer that generates tokens from a 32 kHz EnCodec tokenizer with four codebooks, using an interleaving pattern so that no cascade of models is needed. It can be conditioned on a text description and, in the melody variant, on a reference audio melody. Meta trained it on 20,000 hours of licensed music and released 300M, 1.5B and 3.3B parameter versions. The code is MIT-licensed and the model weights are released under CC-BY-NC 4.0.",
    category: "Audio & Speech",
    pricing: "Free",
    pricingDetails: "Code free under the MIT license; weights free for non-commercial use under CC-BY-NC 4.0",
    features: [
      "Text-to-music generation",
      "Melody conditioning from reference audio",
      "Single-stage transformer over 32 kHz EnCodec tokens",
      "Codebook interleaving instead of cascaded models",
      "Three model sizes: 300M, 1.5B and 3.3B parameters",
    ],
    useCases: [
      "Background music prototypes for video",
      "Musical idea generation",
      "Research on controllable audio generation",
      "Education about generative music",
    ],
    modelSize: "300M, 1.5B and 3.3B parameter versions",
    trainingData:
      "20,000 hours of licensed music (an internal set of 10,000 high-quality tracks plus ShutterStock and Pond5 music data)",
    hasApi: false,
    isOpenSource: true,
    website: "https://github.com/facebookresearch/audiocraft",
    releaseDate: "2023-06-08",
    benchmarkDetails: {},
    sources: [
      "https://arxiv.org/abs/2306.05284",
      "https://github.com/facebookresearch/audiocraft",
      "https://huggingface.co/facebook/musicgen-large",
      "https://ai.meta.com/blog/audiocraft-musicgen-audiogen-encodec-generative-ai-audio/",
    ],
  },
  {
    slug: "openai-tts",
    name: "OpenAI TTS (tts-1 / tts-1-hd)",
    company: "OpenAI",
    description:
      "OpenAI's text-to-speech API with six preset voices. It comes in a low-latency model (tts-1) and a higher-quality model (tts-1-hd).",
    longDescription:
      "OpenAI introduced its text-to-speech API at DevDay on 6 November 2023. Developers can choose between tts-1, optimized for real-time use, and tts-1-hd, optimized for quality, and between six preset voices: alloy, echo, fable, onyx, nova and shimmer. The API supports several output formats, adjustable speaking speed and real-time streaming of audio. Its language support generally follows that of Whisper, although the voices are tuned primarily for English. OpenAI's usage policies require developers to disclose to end users that the voice they hear is AI-generated.",
    category: "Audio & Speech",
    pricing: "Paid",
    pricingDetails: "$15 / 1M characters (tts-1), $30 / 1M characters (tts-1-hd)",
    features: [
      "Two models: tts-1 (low latency) and tts-1-hd (higher quality)",
      "Six preset voices: alloy, echo, fable, onyx, nova and shimmer",
      "MP3, Opus, AAC and FLAC output",
      "Real-time audio streaming",
      "Adjustable speaking speed",
    ],
    useCases: [
      "Narrating blog posts and articles",
      "Voice output for chat assistants",
      "Spoken audio in multiple languages",
      "Accessibility features",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: true,
    isOpenSource: false,
    website: "https://platform.openai.com/docs/guides/text-to-speech",
    releaseDate: "2023-11-06",
    benchmarkDetails: {},
    sources: [
      "https://openai.com/index/new-models-and-developer-products-announced-at-devday/",
      "https://platform.openai.com/docs/guides/text-to-speech",
      "https://openai.com/api/pricing/",
    ],
  },

  // ---------------------------------------------------------------------------
  // Code Generation
  // ---------------------------------------------------------------------------
  {
    slug: "github-copilot",
    name: "GitHub Copilot",
    company: "GitHub (Microsoft)",
    description:
      "An AI coding assistant from GitHub that suggests code in the editor and answers questions in chat. It integrates with major IDEs and GitHub.com.",
    longDescription:
      "GitHub Copilot was announced as a technical preview on 29 June 2021 and became generally available to individual developers in June 2022. It was originally powered by OpenAI Codex, a model trained on public source code, and later versions use newer models; since October 2024 Copilot Chat users can choose between models from OpenAI, Anthropic and Google. It provides inline completions, a chat interface for explaining, refactoring and testing code, and features on GitHub.com such as pull request summaries. Plugins are available for Visual Studio Code, Visual Studio, JetBrains IDEs and Neovim, and it can also be used from the command line.",
    category: "Code Generation",
    pricing: "Freemium",
    pricingDetails:
      "Copilot Free with monthly limits; Pro $10/month or $100/year; Business $19/user/month; Enterprise $39/user/month; free Pro access for verified students, teachers and maintainers of popular open-source projects",
    features: [
      "Inline code completions in the editor",
      "Copilot Chat for explanations, refactoring and tests",
      "Plugins for VS Code, Visual Studio, JetBrains IDEs and Neovim",
      "Choice of underlying models in Copilot Chat",
      "Pull request summaries on GitHub.com",
      "Copilot in the command line",
    ],
    useCases: [
      "Writing boilerplate and repetitive code",
      "Learning unfamiliar languages and APIs",
      "Generating unit tests",
      "Explaining and refactoring existing code",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: false,
    isOpenSource: false,
    website: "https://github.com/features/copilot",
    releaseDate: "2021-06-29",
    benchmarkDetails: {},
    sources: [
      "https://github.blog/news-insights/product-news/introducing-github-copilot-ai-pair-programmer/",
      "https://github.com/features/copilot",
      "https://docs.github.com/en/copilot",
    ],
  },
  {
    slug: "codestral",
    name: "Codestral",
    company: "Mistral AI",
    description:
      "Mistral AI's first code model, a 22-billion-parameter open-weight model trained on more than 80 programming languages. It supports both instructions and fill-in-the-middle completion.",
    longDescription:
      "Codestral was released by Mistral AI on 29 May 2024. The 22B model was trained on a dataset covering more than 80 programming languages, from Python, Java, C, C++, JavaScript and Bash to Swift and Fortran. It has a 32K-token context window, which Mistral AI linked to its results on the long-range RepoBench completion benchmark, and supports fill-in-the-middle completion for use in editors. At launch it was integrated with tools such as Continue.dev and Tabnine and offered through a dedicated endpoint that was free during an eight-week beta. The weights are available under the Mistral AI Non-Production License, which allows research and testing but not commercial production use.",
    category: "Code Generation",
    pricing: "Freemium",
    pricingDetails:
      "Open weights under the Mistral AI Non-Production License; dedicated codestral.mistral.ai endpoint free during an 8-week beta at launch; pay-per-token on La Plateforme for production use",
    features: [
      "22B-parameter code model",
      "80+ programming languages",
      "32K-token context window",
      "Fill-in-the-middle code completion",
      "Instruction following for code questions",
      "IDE integrations via Continue.dev and Tabnine",
    ],
    useCases: [
      "Code completion in IDEs",
      "Writing tests and documentation",
      "Code explanation and refactoring",
      "Research on code models",
    ],
    modelSize: "22B parameters",
    trainingData: "Code dataset covering 80+ programming languages (size not published)",
    hasApi: true,
    isOpenSource: true,
    website: "https://mistral.ai/news/codestral/",
    releaseDate: "2024-05-29",
    benchmarkDetails: {
      HumanEval: 81.1,
      "RepoBench (EM)": 34.0,
    },
    sources: ["https://mistral.ai/news/codestral/", "https://huggingface.co/mistralai/Codestral-22B-v0.1"],
  },
  {
    slug: "code-llama-70b",
    name: "Code Llama 70B",
    company: "Meta",
    description:
      "The largest Code Llama model, a 70-billion-parameter open-weight code model built on Llama 2. It comes in base, Python and Instruct variants.",
    longDescription:
      "Code Llama was introduced by Meta in August 2023, and the 70B models were added on 29 January 2024. Like the other sizes, Code Llama 70B is initialized from Llama 2 and further trained on code, with the 70B models trained on about one trillion tokens of code and code-related data. It is available as a base model, a Python-specialised model and an instruction-tuned model, and the base and Instruct versions support filling in code between existing text. Meta reported a HumanEval score of 67.8 for CodeLlama-70B-Instruct. The weights are released under the same community license as Llama 2, which allows research and commercial use.",
    category: "Code Generation",
    pricing: "Free",
    pricingDetails: "Open weights free under the Llama 2 Community License",
    features: [
      "70B-parameter model based on Llama 2",
      "Base, Python and Instruct variants",
      "Code infilling (fill-in-the-middle)",
      "Trained on 16K-token sequences, with improvements on inputs up to 100K tokens",
      "Research and commercial use permitted",
    ],
    useCases: [
      "Self-hosted coding assistants",
      "Code completion and generation",
      "Fine-tuning for internal codebases",
      "Research on code models",
    ],
    modelSize: "70B parameters",
    trainingData:
      "Initialized from Llama 2 and trained on about 1 trillion tokens of code and code-related data",
    hasApi: false,
    isOpenSource: true,
    website: "https://ai.meta.com/blog/code-llama-large-language-model-coding/",
    releaseDate: "2024-01-29",
    benchmarkDetails: {
      HumanEval: 67.8,
    },
    sources: [
      "https://ai.meta.com/blog/code-llama-large-language-model-coding/",
      "https://arxiv.org/abs/2308.12950",
      "https://huggingface.co/codellama/CodeLlama-70b-Instruct-hf",
    ],
  },
  {
    slug: "starcoder2-15b",
    name: "StarCoder2 15B",
    company: "BigCode (ServiceNow, Hugging Face, NVIDIA)",
    description:
      "An open code model from the BigCode project trained on over 4 trillion tokens from The Stack v2. It covers more than 600 programming languages.",
    longDescription:
      "StarCoder2 was released on 28 February 2024 by the BigCode project, in 3B, 7B and 15B sizes trained by ServiceNow, Hugging Face and NVIDIA respectively. StarCoder2-15B was trained with the NVIDIA NeMo framework on more than 4 trillion tokens from The Stack v2, covering over 600 programming languages, with opt-out requests excluded. It uses grouped-query attention, a 16,384-token context window with 4,096-token sliding-window attention and a fill-in-the-middle training objective. BigCode released the models, datasets and processing code, and reported that the 15B model matches or outperforms CodeLlama 34B on many evaluations. It is a base model and is not tuned to follow instructions.",
    category: "Code Generation",
    pricing: "Free",
    pricingDetails: "Open weights free under the BigCode OpenRAIL-M license",
    features: [
      "15B-parameter code model",
      "600+ programming languages",
      "16,384-token context with 4,096-token sliding-window attention",
      "Grouped-query attention",
      "Fill-in-the-middle training objective",
      "Openly documented training data with opt-out process",
    ],
    useCases: [
      "Code completion",
      "Fine-tuning instruction-following code assistants",
      "Research on transparent code model training",
      "Support for less common programming languages",
    ],
    modelSize: "15B parameters",
    trainingData:
      "4+ trillion tokens from The Stack v2 (600+ programming languages) plus selected sources such as arXiv and Wikipedia",
    hasApi: false,
    isOpenSource: true,
    website: "https://huggingface.co/bigcode/starcoder2-15b",
    releaseDate: "2024-02-28",
    benchmarkDetails: {
      HumanEval: 46.3,
      "HumanEval+": 37.8,
      "GSM8K (PAL)": 65.1,
      "DS-1000": 33.8,
    },
    sources: [
      "https://huggingface.co/bigcode/starcoder2-15b",
      "https://huggingface.co/blog/starcoder2",
      "https://arxiv.org/abs/2402.19173",
    ],
  },
  {
    slug: "deepseek-coder-v2",
    name: "DeepSeek-Coder-V2",
    company: "DeepSeek",
    description:
      "An open-weight mixture-of-experts code model from DeepSeek with 236B total and 21B active parameters. It supports 338 programming languages and a 128K-token context.",
    longDescription:
      "DeepSeek-Coder-V2 was released by DeepSeek on 17 June 2024. It was further pretrained from an intermediate checkpoint of DeepSeek-V2 on an additional 6 trillion tokens, expanding supported programming languages from 86 to 338 and the context length from 16K to 128K tokens. The full model has 236 billion parameters with 21 billion active per token, and a Lite version has 16 billion parameters with 2.4 billion active. DeepSeek reported coding and math results comparable to closed models such as GPT-4 Turbo, including 90.2 on HumanEval for the Instruct model. The weights are available under the DeepSeek Model License, which permits commercial use, and the model is also offered through DeepSeek's API.",
    category: "Code Generation",
    pricing: "Freemium",
    pricingDetails:
      "Open weights under the DeepSeek Model License (commercial use permitted); free chat on DeepSeek's website; OpenAI-compatible pay-as-you-go API on the DeepSeek Platform",
    features: [
      "Mixture-of-experts: 236B total, 21B active parameters",
      "Lite variant: 16B total, 2.4B active parameters",
      "338 programming languages",
      "128K-token context window",
      "Fill-in-the-middle code completion (Lite base model)",
      "OpenAI-compatible API",
    ],
    useCases: [
      "Code generation and completion",
      "Bug fixing and code repair",
      "Mathematical reasoning",
      "Self-hosted coding assistants",
    ],
    modelSize: "236B total parameters (21B active); Lite: 16B total (2.4B active)",
    trainingData:
      "Continued pretraining of an intermediate DeepSeek-V2 checkpoint on an additional 6 trillion tokens",
    hasApi: true,
    isOpenSource: true,
    website: "https://www.deepseek.com/",
    releaseDate: "2024-06-17",
    benchmarkDetails: {
      HumanEval: 90.2,
      "MBPP+": 76.2,
      GSM8K: 94.9,
      MATH: 75.7,
      MMLU: 79.2,
      Aider: 73.7,
    },
    sources: [
      "https://github.com/deepseek-ai/DeepSeek-Coder-V2",
      "https://arxiv.org/abs/2406.11931",
      "https://huggingface.co/deepseek-ai/DeepSeek-Coder-V2-Instruct",
    ],
  },
  {
    slug: "qwen2-5-coder-32b",
    name: "Qwen2.5-Coder 32B",
    company: "Alibaba Cloud (Qwen Team)",
    description:
      "The largest model of Alibaba Cloud's Qwen2.5-Coder series, an Apache 2.0 open-weight code model. It was further pretrained on over 5.5 trillion tokens of code-heavy data.",
    longDescription:
      "The Qwen2.5-Coder series is built on the Qwen2.5 architecture and continues pretraining on a corpus of over 5.5 trillion tokens. The first 1.5B and 7B models appeared in September 2024, and the full series, including the 32B flagship, was released on 12 November 2024 in six sizes from 0.5B to 32B parameters. The Qwen team evaluated it on more than ten benchmarks covering code generation, completion, reasoning and repair, and reported 92.7 on HumanEval for Qwen2.5-Coder-32B-Instruct. It supports fill-in-the-middle and repository-level completion and a context of up to 128K tokens. The 32B model is released under the Apache 2.0 license and is also available through Alibaba Cloud Model Studio.",
    category: "Code Generation",
    pricing: "Freemium",
    pricingDetails:
      "Open weights free under the Apache 2.0 license; hosted pay-per-token access through Alibaba Cloud Model Studio",
    features: [
      "Six sizes from 0.5B to 32B parameters",
      "Context of up to 128K tokens",
      "Fill-in-the-middle and repository-level completion",
      "Code generation, reasoning and repair",
      "Apache 2.0 open weights",
    ],
    useCases: [
      "Local coding assistants",
      "Code completion in editors",
      "Automated bug fixing",
      "Text-to-SQL and data tasks",
    ],
    modelSize: "32B parameters",
    trainingData: "Qwen2.5 base further pretrained on over 5.5 trillion tokens of code-heavy data",
    hasApi: true,
    isOpenSource: true,
    website: "https://qwenlm.github.io/blog/qwen2.5-coder-family/",
    releaseDate: "2024-11-12",
    benchmarkDetails: {
      HumanEval: 92.7,
      EvalPlus: 86.3,
      MBPP: 90.2,
      Aider: 73.7,
    },
    sources: [
      "https://qwenlm.github.io/blog/qwen2.5-coder-family/",
      "https://huggingface.co/Qwen/Qwen2.5-Coder-32B-Instruct",
      "https://arxiv.org/abs/2409.12186",
    ],
  },

  // ---------------------------------------------------------------------------
  // Video Generation
  // ---------------------------------------------------------------------------
  {
    slug: "sora",
    name: "Sora",
    company: "OpenAI",
    description:
      "OpenAI's text-to-video model, a diffusion transformer that generates video from text, images or existing clips. It is available to ChatGPT Plus and Pro subscribers.",
    longDescription:
      "Sora was announced by OpenAI on 15 February 2024 with sample videos of up to one minute long. Its technical report describes a diffusion transformer that operates on spacetime patches of compressed video, trained on videos and images of varying durations, resolutions and aspect ratios, and using descriptive re-captioning as in DALL·E 3. After a period of red-teaming and testing with artists, a faster version was released to the public on 9 December 2024 for ChatGPT Plus and Pro users. The Sora app adds editing tools such as remix, re-cut, loop, blend and a storyboard editor. Generated videos carry C2PA metadata and a visible watermark by default.",
    category: "Video Generation",
    pricing: "Paid",
    pricingDetails:
      "Included with ChatGPT Plus ($20/month) and ChatGPT Pro ($200/month) since the public release on 9 December 2024; Pro allows more generations, longer clips and higher resolution",
    features: [
      "Text-to-video generation",
      "Image-to-video and video extension",
      "Diffusion transformer over spacetime patches",
      "Variable durations, resolutions and aspect ratios",
      "Remix, re-cut, loop, blend and storyboard tools",
      "C2PA metadata and visible watermarks",
    ],
    useCases: [
      "Storyboarding and pre-visualisation",
      "Short social media videos",
      "Concept videos for advertising",
      "Creative experimentation",
    ],
    modelSize: null,
    trainingData:
      "Videos and images of varying durations, resolutions and aspect ratios with descriptive re-captioning (dataset not published)",
    hasApi: false,
    isOpenSource: false,
    website: "https://openai.com/index/sora/",
    releaseDate: "2024-02-15",
    benchmarkDetails: {},
    sources: [
      "https://openai.com/index/sora/",
      "https://openai.com/index/video-generation-models-as-world-simulators/",
      "https://openai.com/index/sora-is-here/",
    ],
  },
  {
    slug: "runway-gen-3-alpha",
    name: "Runway Gen-3 Alpha",
    company: "Runway",
    description:
      "Runway's third-generation video model, trained jointly on videos and images. It generates 5- or 10-second clips from text or images inside Runway's creative tools.",
    longDescription:
      "Gen-3 Alpha was announced by Runway on 17 June 2024 as the first model trained on its new infrastructure for large-scale multimodal training. Runway reported improvements over Gen-2 in fidelity, consistency and motion, and trained the model jointly on videos and images. It powers text-to-video, image-to-video and text-to-image tools, and works with controls such as Motion Brush and advanced camera controls. A faster, lower-cost Gen-3 Alpha Turbo variant followed and became available through Runway's developer API. Runway also offers custom versions of the model for enterprise partners, and outputs include C2PA provenance metadata.",
    category: "Video Generation",
    pricing: "Paid",
    pricingDetails:
      "Available on paid Runway subscription plans using credits; developer API billed per credit (Gen-3 Alpha Turbo)",
    features: [
      "Text-to-video and image-to-video",
      "5- and 10-second clips",
      "Motion Brush and advanced camera controls",
      "Gen-3 Alpha Turbo variant for faster generation",
      "Custom model training for enterprise partners",
      "C2PA provenance metadata",
    ],
    useCases: [
      "Film and commercial pre-production",
      "Music videos and social content",
      "Visual effects and b-roll",
      "Animating still images and artwork",
    ],
    modelSize: null,
    trainingData: "Videos and images trained jointly (dataset not published)",
    hasApi: true,
    isOpenSource: false,
    website: "https://runwayml.com/",
    releaseDate: "2024-06-17",
    benchmarkDetails: {},
    sources: [
      "https://runwayml.com/research/introducing-gen-3-alpha",
      "https://runwayml.com/pricing",
      "https://docs.dev.runwayml.com/",
    ],
  },
  {
    slug: "stable-video-diffusion",
    name: "Stable Video Diffusion",
    company: "Stability AI",
    description:
      "Stability AI's open-weight image-to-video latent diffusion model. It turns a single image into a short clip of 14 or 25 frames.",
    longDescription:
      "Stable Video Diffusion was released by Stability AI on 21 November 2023 as a research preview, together with the paper Stable Video Diffusion: Scaling Latent Video Diffusion Models to Large Datasets. It comes as two image-to-video models, SVD and SVD-XT, which generate 14 and 25 frames respectively at customizable frame rates between 3 and 30 frames per second and a resolution of 576×1024. The model starts from Stable Diffusion 2.1 and is trained in stages on a curated video dataset, and the paper also shows fine-tuning for multi-view synthesis. It was first released for non-commercial research use; the current license terms are listed on the model cards.",
    category: "Video Generation",
    pricing: "Freemium",
    pricingDetails:
      "Weights free to download (released for non-commercial research use; see the model card for current license terms); hosted image-to-video via the Stability AI API",
    features: [
      "Image-to-video generation",
      "SVD (14 frames) and SVD-XT (25 frames) variants",
      "Frame rates between 3 and 30 fps",
      "576×1024 output resolution",
      "Latent video diffusion initialized from Stable Diffusion 2.1",
    ],
    useCases: [
      "Animating still images",
      "Short motion clips for design and advertising",
      "Multi-view generation research",
      "Research on video diffusion models",
    ],
    modelSize: null,
    trainingData:
      "Large Video Dataset (LVD) of about 580M annotated video clips (212 years of content), curated to about 152M clips for pretraining",
    hasApi: true,
    isOpenSource: true,
    website: "https://stability.ai/news/stable-video-diffusion-open-ai-video-model",
    releaseDate: "2023-11-21",
    benchmarkDetails: {},
    sources: [
      "https://stability.ai/news/stable-video-diffusion-open-ai-video-model",
      "https://huggingface.co/stabilityai/stable-video-diffusion-img2vid-xt",
      "https://arxiv.org/abs/2311.15127",
    ],
  },
  {
    slug: "pika-1-5",
    name: "Pika 1.5",
    company: "Pika",
    description:
      "Version 1.5 of Pika's video generation model, adding more realistic motion and physics-defying “Pikaffects”. It is used through Pika's web app.",
    longDescription:
      "Pika 1.5 was released on 1 October 2024, following Pika 1.0 in November 2023. The update improved the realism of movement and added preset cinematic camera shots. It also introduced Pikaffects, effects that inflate, melt, explode, squish, crush or “cake-ify” objects in an uploaded image or video. Demand after launch briefly caused long queues for generations. Pika is offered as a web app with a free plan and paid subscription tiers.",
    category: "Video Generation",
    pricing: "Freemium",
    pricingDetails:
      "Free plan with a limited monthly credit allowance; paid subscription plans add more credits and features",
    features: [
      "Text-to-video and image-to-video",
      "Pikaffects: inflate, melt, explode, squish, crush and cake-ify",
      "More realistic human and object motion",
      "Preset cinematic camera moves",
      "Browser-based editor",
    ],
    useCases: [
      "Short-form social media videos and memes",
      "Animated product showcases",
      "Visual effects for creators",
      "Creative experimentation",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: false,
    isOpenSource: false,
    website: "https://pika.art/",
    releaseDate: "2024-10-01",
    benchmarkDetails: {},
    sources: ["https://pika.art/", "https://pika.art/pricing"],
  },
  {
    slug: "luma-dream-machine",
    name: "Luma Dream Machine",
    company: "Luma AI",
    description:
      "Luma AI's text-to-video and image-to-video model built on a transformer trained directly on videos. It is available in a web app with a free tier and through an API.",
    longDescription:
      "Dream Machine was launched by Luma AI on 12 June 2024 and opened to the public on the same day. Luma described it as a transformer model trained directly on videos that can generate physically consistent shots, producing 120 frames in about 120 seconds. It creates clips of about five seconds from text or images, which can then be extended. Later updates added start and end keyframes, looping and camera motion controls. A developer API was released in September 2024.",
    category: "Video Generation",
    pricing: "Freemium",
    pricingDetails:
      "Free tier with a limited number of monthly generations; paid plans and a usage-based API",
    features: [
      "Text-to-video and image-to-video",
      "Clips of about 5 seconds that can be extended",
      "Start and end keyframe control",
      "Looping videos",
      "Camera motion control",
      "Developer API",
    ],
    useCases: [
      "Animating images for social media",
      "Short cinematic shots and b-roll",
      "Concept videos and storyboards",
      "Product visualisation",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: true,
    isOpenSource: false,
    website: "https://lumalabs.ai/dream-machine",
    releaseDate: "2024-06-12",
    benchmarkDetails: {},
    sources: ["https://lumalabs.ai/dream-machine", "https://lumalabs.ai/dream-machine/api"],
  },
  {
    slug: "veo",
    name: "Veo",
    company: "Google DeepMind",
    description:
      "Google DeepMind's video generation model that produces 1080p clips that can run beyond a minute. At launch it was limited to selected creators and enterprise customers.",
    longDescription:
      "Veo was announced by Google DeepMind at Google I/O on 14 May 2024. It generates 1080p video in a range of cinematic and visual styles, with clips that can extend beyond a minute, and understands terms such as timelapse or aerial shot. It can take an image together with a text prompt and supports masked editing of parts of a video. Outputs are watermarked with SynthID. At launch Veo was available only to selected creators through VideoFX and to allowlisted Google Cloud customers in a private preview on Vertex AI.",
    category: "Video Generation",
    pricing: "Enterprise",
    pricingDetails:
      "No public self-serve pricing at announcement: access limited to selected creators via VideoFX and allowlisted enterprise customers in a Vertex AI private preview",
    features: [
      "1080p video generation",
      "Clips that can extend beyond one minute",
      "Understanding of cinematic terms such as timelapse and aerial shots",
      "Image-plus-text prompting",
      "Masked video editing",
      "SynthID watermarking",
    ],
    useCases: [
      "Film and advertising pre-visualisation",
      "Enterprise marketing content",
      "Short-form video production",
      "Creative prototyping",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: true,
    isOpenSource: false,
    website: "https://deepmind.google/technologies/veo/",
    releaseDate: "2024-05-14",
    benchmarkDetails: {},
    sources: [
      "https://deepmind.google/technologies/veo/",
      "https://blog.google/technology/ai/google-generative-ai-veo-imagen-3/",
    ],
  },

  // ---------------------------------------------------------------------------
  // Research Tools
  // ---------------------------------------------------------------------------
  {
    slug: "perplexity",
    name: "Perplexity",
    company: "Perplexity AI",
    description:
      "An AI answer engine that searches the web and writes answers with inline citations. It offers a free tier, a Pro subscription and a developer API.",
    longDescription:
      "Perplexity was launched by Perplexity AI on 7 December 2022, a few months after the company was founded. It combines real-time web search with large language models to answer questions in natural language and cites the sources it used, so readers can check the underlying pages. Users can ask follow-up questions in a thread, restrict searches to sources such as academic papers, and upload files for analysis. Perplexity Pro adds more Pro Search queries and a choice of underlying models from several providers. Developers can use Perplexity's search-grounded models through its API.",
    category: "Research Tools",
    pricing: "Freemium",
    pricingDetails: "Free tier; Perplexity Pro $20/month or $200/year; usage-based API pricing",
    features: [
      "Answers with inline source citations",
      "Conversational follow-up questions",
      "Pro Search for multi-step queries",
      "Choice of underlying models for Pro subscribers",
      "File and image upload",
      "Focus modes such as academic sources",
      "Developer API with search-grounded models",
    ],
    useCases: [
      "Quick research with verifiable sources",
      "Literature and market overviews",
      "Fact-checking",
      "Summarizing recent news",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: true,
    isOpenSource: false,
    website: "https://www.perplexity.ai/",
    releaseDate: "2022-12-07",
    benchmarkDetails: {},
    sources: ["https://www.perplexity.ai/", "https://www.perplexity.ai/pro", "https://docs.perplexity.ai/"],
  },
  {
    slug: "consensus",
    name: "Consensus",
    company: "Consensus",
    description:
      "An AI-powered academic search engine that finds and summarizes findings from peer-reviewed research. Results link back to the underlying papers.",
    longDescription:
      "Consensus was founded in 2021 by Eric Olson and Christian Salem and opened its beta search engine in August 2022. It uses language models and vector search to find papers relevant to a question and extracts or summarizes their key findings, linking every result to the source paper. Its corpus is drawn from the Semantic Scholar database of more than 200 million papers. For yes/no questions, the Consensus Meter summarizes how many relevant studies point each way, and paper results show indicators such as study type and citation counts. A free tier is available alongside paid individual and team plans.",
    category: "Research Tools",
    pricing: "Freemium",
    pricingDetails:
      "Free plan with limited premium features; paid Premium plan for individuals; Teams and Enterprise plans",
    features: [
      "Search over 200M+ research papers (Semantic Scholar corpus)",
      "Key findings extracted from each paper",
      "Consensus Meter for yes/no questions",
      "AI-generated synthesis linked to cited papers",
      "Study type and citation indicators",
      "Filters by study design, year and field",
    ],
    useCases: [
      "Evidence checks for health, nutrition and science questions",
      "Starting points for literature reviews",
      "Student research",
      "Science journalism and fact-checking",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: false,
    isOpenSource: false,
    website: "https://consensus.app/",
    releaseDate: "2022-08-03",
    benchmarkDetails: {},
    sources: ["https://consensus.app/", "https://consensus.app/home/blog/welcome-to-consensus/"],
  },
  {
    slug: "semantic-scholar",
    name: "Semantic Scholar",
    company: "Allen Institute for AI (Ai2)",
    description:
      "A free, AI-powered academic search engine from the Allen Institute for AI covering more than 200 million papers. It offers TLDR summaries, citation analysis and a free public API.",
    longDescription:
      "Semantic Scholar was unveiled by the non-profit Allen Institute for AI on 2 November 2015, initially covering about three million computer science papers. It has since grown to more than 200 million papers across all fields of science. It uses natural language processing to generate one-sentence TLDR summaries, identify highly influential citations and recommend papers through personalized research feeds, and its Semantic Reader adds context to papers while reading. Ai2 also publishes the Semantic Scholar Academic Graph through a free API and downloadable datasets that are widely used in research.",
    category: "Research Tools",
    pricing: "Free",
    pricingDetails:
      "Free to use; the Academic Graph API and datasets are free, with rate limits and optional API keys",
    features: [
      "Search across 200M+ scholarly papers",
      "TLDR one-sentence paper summaries",
      "Highly influential citation detection",
      "Semantic Reader augmented reading interface",
      "Personalized research feeds and alerts",
      "Free Academic Graph API and open datasets",
    ],
    useCases: [
      "Literature discovery",
      "Tracking citations and new work in a field",
      "Building research tools on the open API",
      "Bibliometric analysis",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: true,
    isOpenSource: false,
    website: "https://www.semanticscholar.org/",
    releaseDate: "2015-11-02",
    benchmarkDetails: {},
    sources: [
      "https://www.semanticscholar.org/about",
      "https://www.semanticscholar.org/product/api",
      "https://arxiv.org/abs/2301.10140",
    ],
  },
  {
    slug: "notebooklm",
    name: "NotebookLM",
    company: "Google",
    description:
      "A research and note-taking assistant from Google Labs that answers questions grounded in the sources a user uploads. It can also turn sources into podcast-style Audio Overviews.",
    longDescription:
      "NotebookLM was first previewed as Project Tailwind at Google I/O in May 2023 and launched under its current name on 12 July 2023 to a limited group of users in the US. Users add sources such as Google Docs, PDFs, web pages and text, and the assistant answers questions, summarizes and drafts using those sources, with citations pointing to the relevant passages. It was upgraded to Gemini 1.5 Pro and expanded to over 200 countries in June 2024. In September 2024 Google added Audio Overviews, which generate a spoken discussion between two AI hosts about the uploaded material. The tool is free, with higher limits available through NotebookLM Plus.",
    category: "Research Tools",
    pricing: "Freemium",
    pricingDetails:
      "Free with a Google account; NotebookLM Plus with higher usage limits through Google Workspace and Google One AI Premium subscriptions",
    features: [
      "Answers grounded in user-provided sources with inline citations",
      "Supports Google Docs, Slides, PDFs, web pages, text and YouTube links",
      "Audio Overviews: podcast-style discussions of sources",
      "Generated study guides, FAQs, timelines and briefing documents",
      "Powered by Gemini 1.5 Pro since June 2024",
      "Shareable notebooks",
    ],
    useCases: [
      "Studying course material",
      "Synthesising research papers and reports",
      "Preparing briefings from meeting notes",
      "Organizing sources for writing projects",
    ],
    modelSize: null,
    trainingData: null,
    hasApi: false,
    isOpenSource: false,
    website: "https://notebooklm.google/",
    releaseDate: "2023-07-12",
    benchmarkDetails: {},
    sources: [
      "https://blog.google/technology/ai/notebooklm-google-ai/",
      "https://notebooklm.google/",
      "https://blog.google/technology/ai/notebooklm-audio-overviews/",
    ],
  },
  {
    slug: "alphafold-3",
    name: "AlphaFold 3",
    company: "Google DeepMind and Isomorphic Labs",
    description:
      "A model from Google DeepMind and Isomorphic Labs that predicts the joint 3D structure of proteins, DNA, RNA, ligands and ions. It is available free for non-commercial research through AlphaFold Server.",
    longDescription:
      "AlphaFold 3 was announced on 8 May 2024 in the Nature paper Accurate structure prediction of biomolecular interactions with AlphaFold 3. Unlike AlphaFold 2, which focused on protein structures, it predicts complexes containing proteins, nucleic acids, small molecules, ions and modified residues. Its architecture replaces the Evoformer with a simpler Pairformer module and uses a diffusion module that generates atom coordinates directly. The authors reported at least a 50% improvement over existing prediction methods for protein interactions with other molecule types, and roughly doubled accuracy for some important categories. AlphaFold Server offers free access for non-commercial research, and in November 2024 the inference code was released, with model weights available on request for academic use.",
    category: "Research Tools",
    pricing: "Free",
    pricingDetails:
      "AlphaFold Server free for non-commercial research (daily job limits); inference code public and model weights available on request for academic, non-commercial use",
    features: [
      "Joint structure prediction for proteins, DNA, RNA, ligands and ions",
      "Support for chemical modifications of residues",
      "Diffusion module that generates atom coordinates",
      "Pairformer trunk replacing AlphaFold 2's Evoformer",
      "Per-atom and per-interface confidence scores",
      "AlphaFold Server web interface",
    ],
    useCases: [
      "Studying protein–ligand and protein–nucleic acid interactions",
      "Structural biology hypothesis generation",
      "Early-stage drug discovery research",
      "Teaching molecular biology",
    ],
    modelSize: null,
    trainingData:
      "Experimentally determined structures from the Protein Data Bank, supplemented with distillation data from AlphaFold predictions",
    hasApi: false,
    isOpenSource: false,
    website: "https://alphafoldserver.com/",
    releaseDate: "2024-05-08",
    benchmarkDetails: {},
    sources: [
      "https://blog.google/technology/ai/google-deepmind-isomorphic-alphafold-3-ai-model/",
      "https://www.nature.com/articles/s41586-024-07487-w",
      "https://github.com/google-deepmind/alphafold3",
      "https://alphafoldserver.com/",
    ],
  },
];
