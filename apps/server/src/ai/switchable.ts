import type { AiConfig } from './index';
import { createAiWriter } from './index';
import { createOfflineWriter } from './offline-writer';
import type { AiLogger, AiWriter } from './provider';

/** The operator's AI switch (setting `ai.provider`): off → the offline writer; `model` '' → AI_MODEL. */
export interface AiProviderSetting {
  enabled: boolean;
  model: string;
}

/**
 * An AiWriter that reads the operator's setting on every call: with AI_BASE_URL configured and the switch on,
 * the OpenAI-compatible client for the chosen model (one client per model, kept); otherwise the offline writer.
 * The base URL and key only ever come from the environment.
 */
export function createSwitchableAiWriter(config: AiConfig, readSetting: () => Promise<AiProviderSetting>, log?: AiLogger): AiWriter {
  const offline = createOfflineWriter();
  const online = new Map<string, AiWriter>();

  async function current(): Promise<AiWriter> {
    if (!config.baseUrl) return offline;
    const s = await readSetting().catch(() => ({ enabled: true, model: '' }));
    if (!s.enabled) return offline;
    const model = s.model || config.model;
    let writer = online.get(model);
    if (!writer) {
      writer = createAiWriter({ ...config, model }, log);
      online.set(model, writer);
    }
    return writer;
  }

  return {
    provider: config.baseUrl ? 'openai' : 'offline',
    generateInformation: async (input, opts) => (await current()).generateInformation(input, opts),
    polishDescription: async (input, opts) => (await current()).polishDescription(input, opts),
    polishFunction: async (input, opts) => (await current()).polishFunction(input, opts),
    translateName: async (name, opts) => (await current()).translateName(name, opts),
    available: async () => (await current()) !== offline,
  };
}
