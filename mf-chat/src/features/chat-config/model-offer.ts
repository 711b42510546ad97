// What the server offers: its models (each available or not), whether any real model is connected, and
// whether web search is configured. Read once per panel from GET on the chat endpoint.
import { useEffect, useState } from 'react';

export interface OfferedModel {
  id: string;
  label: string;
  available: boolean;
  advanced: boolean;
}

export interface ModelOffer {
  models: OfferedModel[];
  modelConfigured: boolean;
  webSearch: boolean;
}

/** The offer, or undefined until it has arrived (or when the server cannot be reached). */
export function useModelOffer(endpoint: string, headers: () => Promise<Record<string, string>>) {
  const [offer, setOffer] = useState<ModelOffer>();
  useEffect(() => {
    let current = true;
    headers()
      .then((sent) => fetch(endpoint, { headers: sent }))
      .then((response) => (response.ok ? response.json() : undefined))
      .then((body: ModelOffer | undefined) => {
        if (current && body) setOffer(body);
      })
      .catch((error: unknown) => console.warn('[chat] the model list is unavailable', error));
    return () => {
      current = false;
    };
  }, [endpoint, headers]);
  return offer;
}
