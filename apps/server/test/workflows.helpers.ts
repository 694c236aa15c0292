import { buildBpmnXml, type XmlFlow, type XmlNode } from '@faena/domain/workflows/index';
import { body, type Api } from './harness.ts';

export const WF = '/api/workflow-backend/v3';

export interface Execution {
  id: string;
  status: 'InProcess' | 'Success' | 'Error';
  elements: { id: string; bpmn_id: string; type: string; is_active: boolean; attached_to: string | null }[];
  tasks: { id: string; bpmn_id: string; type: string; is_active: boolean; successfully_completed: boolean | null }[];
  variables: Record<string, unknown>;
  history: { action: string; bpmn_id: string | null }[];
}

export const xml = (nodes: XmlNode[], flows: XmlFlow[]) => buildBpmnXml({ nodes, flows });

/** Creates a type, adds a version with this model and publishes it; returns both ids. */
export async function publishModel(api: Api, tenant: string, token: string, name: string, nodes: XmlNode[], flows: XmlFlow[]): Promise<{ typeId: string; versionId: string }> {
  const type = await body<{ id: string }>(await api(tenant, `${WF}/workflow-types/`, { method: 'POST', token, json: { name } }));
  const created = await api(tenant, `${WF}/workflow-types/${type.id}/versions/`, { method: 'POST', token, json: { bpmn_xml: xml(nodes, flows) } });
  if (created.status !== 201) throw new Error(`version: ${created.status} ${await created.text()}`);
  const version = await body<{ id: string }>(created);
  const published = await api(tenant, `${WF}/versions/${version.id}/publish/`, { method: 'POST', token });
  if (published.status !== 200) throw new Error(`publish: ${published.status} ${await published.text()}`);
  return { typeId: type.id, versionId: version.id };
}

export async function createForm(api: Api, tenant: string, token: string, name: string, fields: Record<string, unknown>[]): Promise<string> {
  const response = await api(tenant, '/api/forms/v3/forms/', {
    method: 'POST',
    token,
    json: { name, description: fields.map((f, i) => ({ id: i + 1, required: false, skippable: false, validators: [], ...f })) },
  });
  if (response.status !== 201) throw new Error(`form: ${response.status} ${await response.text()}`);
  return (await body<{ id: string }>(response)).id;
}

export async function execution(api: Api, tenant: string, token: string, id: string): Promise<Execution> {
  return body<Execution>(await api(tenant, `${WF}/executions/${id}/`, { token }));
}

/**
 * Polls an execution until `until` holds (timers run through the job queue), for at most
 * `timeoutMs` (40 s, inside the tests' 60 s: the whole suite on two shared cores delays pg-boss's 1 s polls a lot).
 */
export async function waitFor(api: Api, tenant: string, token: string, id: string, until: (e: Execution) => boolean, timeoutMs = 40_000): Promise<Execution> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const e = await execution(api, tenant, token, id);
    if (until(e)) return e;
    if (Date.now() > deadline) throw new Error(`execution ${id} did not reach the expected state`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
