// Package llm is the glue to language models and embedders: a chat model
// from configuration or environment through langchaingo (any
// OpenAI-compatible server — vLLM, llama.cpp, Ollama /v1 — or Ollama's own
// API), token accounting, and embedders for retrieval: a deterministic
// offline default and an adapter from any langchaingo embedder to a
// chromem-go EmbeddingFunc, L2-normalised.
package llm
