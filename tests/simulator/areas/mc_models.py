"""Request bodies of the Magic Containers area, field for field as the contract's tables list them.

Optional fields the contract marks nullable are `Optional[...]`; optional fields it does not
mark nullable default to None but refuse an explicit null, as the vendor's deserializer does.
"""

from typing import Dict, List, Literal, Optional

from pydantic import Field, model_validator
from typing_extensions import Annotated

from ..validation import ContractModel, whole_value

# The patterns of the vendor's Magic Containers document (ApplicationRequest.name,
# ContainerRequest's image fields, VolumeMountRequest.mountPath), written out here: the simulator
# shares no code with the collection, so that a wrong pattern on one side of the wire shows.
APP_NAME_PATTERN = r"[A-Za-z0-9-\s]+"
IMAGE_NAME_PATTERN = r"[a-zA-Z0-9]+(?:[./_-]{1,2}[a-zA-Z0-9]+)*"
IMAGE_TAG_PATTERN = r"[a-zA-Z0-9]+(?:[._-]{1,2}[a-zA-Z0-9]+)*"
IMAGE_DIGEST_PATTERN = r"sha256:[a-z0-9]{64}"
# The document's mount path pattern backtracks exponentially on a long value that fails (its
# nested quantifiers), so values are checked with an equivalent in linear time: after the leading
# slash, path characters starting with a non-slash, with the same look-aheads against "//", ".."
# and white space. Error messages quote the document's.
DOCUMENT_MOUNT_PATH_PATTERN = r"^/(?!.*//)(?!.*\.\.)(?!.*\s)([a-zA-Z0-9._-]+/?)+$"
MOUNT_PATH_PATTERN = r"/(?!.*//)(?!.*\.\.)(?!.*\s)[a-zA-Z0-9._-][a-zA-Z0-9._/-]*"

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1

Int32 = Annotated[int, Field(ge=INT32_MIN, le=INT32_MAX)]
Port = Annotated[int, Field(ge=1, le=65535)]
ProbeSeconds = Annotated[int, Field(ge=1, le=3600)]
ProbeThreshold = Annotated[int, Field(ge=1, le=1000)]
ShortName = Annotated[str, Field(min_length=1, max_length=50)]
ImageName = Annotated[str, Field(min_length=1, pattern=whole_value(IMAGE_NAME_PATTERN))]
ImageTag = Annotated[str, Field(min_length=1, pattern=whole_value(IMAGE_TAG_PATTERN))]
ImageDigest = Annotated[str, Field(pattern=whole_value(IMAGE_DIGEST_PATTERN))]
NonEmpty = Annotated[str, Field(min_length=1)]
AppName = Annotated[str, Field(min_length=1, max_length=100, pattern=whole_value(APP_NAME_PATTERN))]

PullPolicy = Literal["always", "ifNotPresent"]
Protocol = Literal["tcp", "udp", "sctp"]
HttpStatusCode = Literal[
    "continue", "switchingProtocols", "processing", "earlyHints", "ok", "created", "accepted", "nonAuthoritativeInformation", "noContent",
    "resetContent", "partialContent", "multiStatus", "alreadyReported", "imUsed", "multipleChoices", "movedPermanently", "found", "seeOther",
    "notModified", "useProxy", "unused", "temporaryRedirect", "permanentRedirect", "badRequest", "unauthorized", "paymentRequired", "forbidden",
    "notFound", "methodNotAllowed", "notAcceptable", "proxyAuthenticationRequired", "requestTimeout", "conflict", "gone", "lengthRequired",
    "preconditionFailed", "requestEntityTooLarge", "requestUriTooLong", "unsupportedMediaType", "requestedRangeNotSatisfiable", "expectationFailed",
    "misdirectedRequest", "unprocessableEntity", "locked", "failedDependency", "upgradeRequired", "preconditionRequired", "tooManyRequests",
    "requestHeaderFieldsTooLarge", "unavailableForLegalReasons", "internalServerError", "notImplemented", "badGateway", "serviceUnavailable",
    "gatewayTimeout", "httpVersionNotSupported", "variantAlsoNegotiates", "insufficientStorage", "loopDetected", "notExtended",
    "networkAuthenticationRequired",
]  # fmt: skip


class AutoscalingSettings(ContractModel):
    min: Annotated[int, Field(ge=1, le=1000)]
    max: Annotated[int, Field(ge=1, le=1000)]


class UpdateRegionSettingsRequest(ContractModel):
    allowedRegionIds: Optional[List[str]] = None
    requiredRegionIds: Optional[List[str]] = None
    maxAllowedRegions: Optional[Int32] = None
    nodeSelectors: Optional[Dict[str, str]] = None


class ContainerPortMappingRequest(ContractModel):
    containerPort: Port
    exposedPort: Optional[Port] = None
    protocols: List[Protocol] = None


class StickySessionSettings(ContractModel):
    enabled: bool = None
    sessionHeaders: Annotated[List[str], Field(min_length=1, max_length=3)]
    cookieName: str = None


class CdnEndpointRequest(ContractModel):
    isSslEnabled: bool = None
    stickySessions: StickySessionSettings = None
    pullZoneId: Optional[Int32] = None
    portMappings: Annotated[List[ContainerPortMappingRequest], Field(min_length=1, max_length=1)] = None


class AnycastEndpointRequest(ContractModel):
    type: Literal["iPv4"]
    portMappings: Annotated[List[ContainerPortMappingRequest], Field(min_length=1)]


class EndpointRequest(ContractModel):
    displayName: ShortName
    cdn: CdnEndpointRequest = None
    anycast: AnycastEndpointRequest = None

    @model_validator(mode="after")
    def _one_kind(self) -> "EndpointRequest":
        # The contract does not say; an endpoint of no kind or of two kinds has no meaning, so refuse it.
        if (self.cdn is None) == (self.anycast is None):
            raise ValueError("An endpoint needs exactly one of cdn or anycast.")
        return self


class EnvironmentVariable(ContractModel):
    name: NonEmpty
    value: Optional[str] = None


class VolumeMountRequest(ContractModel):
    name: ShortName
    mountPath: Annotated[str, Field(min_length=1, pattern=whole_value(MOUNT_PATH_PATTERN, DOCUMENT_MOUNT_PATH_PATTERN))]


class ContainerEntryPoint(ContractModel):
    command: Optional[str] = None
    commandArray: Optional[List[str]] = None
    arguments: Optional[str] = None
    argumentsArray: Optional[List[str]] = None
    workingDirectory: Optional[str] = None


class HttpGetProbeRequestDetails(ContractModel):
    path: str = None
    portNumber: Port = None


class HttpGetProbeResponseDetails(ContractModel):
    expectedStatusCode: HttpStatusCode = None


class HttpGetProbe(ContractModel):
    request: HttpGetProbeRequestDetails = None
    response: HttpGetProbeResponseDetails = None


class TcpSocketProbeRequestDetails(ContractModel):
    portNumber: Port = None


class TcpSocketProbe(ContractModel):
    request: TcpSocketProbeRequestDetails = None


class GrpcProbeRequestDetails(ContractModel):
    portNumber: Port = None
    serviceName: Optional[str] = None


class GrpcProbe(ContractModel):
    request: GrpcProbeRequestDetails = None


class ContainerProbe(ContractModel):
    initialDelaySeconds: Optional[ProbeSeconds] = None
    periodSeconds: Optional[ProbeSeconds] = None
    timeoutSeconds: Optional[ProbeSeconds] = None
    failureThreshold: Optional[ProbeThreshold] = None
    successThreshold: Optional[ProbeThreshold] = None
    httpGet: HttpGetProbe = None
    tcpSocket: TcpSocketProbe = None
    grpc: GrpcProbe = None


class ContainerProbes(ContractModel):
    startup: ContainerProbe = None
    readiness: ContainerProbe = None
    liveness: ContainerProbe = None


class ContainerRequest(ContractModel):
    id: Optional[str] = None
    name: ShortName
    image: Optional[str] = None
    imageName: ImageName
    imageNamespace: ImageName
    imageTag: ImageTag
    imageDigest: Optional[ImageDigest] = None
    imageRegistryId: NonEmpty
    imagePullPolicy: PullPolicy = None
    entryPoint: ContainerEntryPoint = None
    probes: ContainerProbes = None
    environmentVariables: List[EnvironmentVariable] = None
    endpoints: List[EndpointRequest] = None
    volumeMounts: List[VolumeMountRequest] = None


class VolumeRequest(ContractModel):
    name: ShortName
    size: Annotated[int, Field(ge=1, le=100)]


class PatchApplicationRequest(ContractModel):
    name: Optional[AppName] = None
    runtimeType: Literal["shared", "reserved"] = None
    autoScaling: AutoscalingSettings = None
    regionSettings: UpdateRegionSettingsRequest = None
    containerTemplates: Optional[List[ContainerRequest]] = None
    volumes: Optional[List[VolumeRequest]] = None


class RepositorySettings(ContractModel):
    templateRepository: Optional[str] = None
    repositoryName: Optional[str] = None
    owner: Optional[str] = None


class AddApplicationRequest(ContractModel):
    name: AppName
    runtimeType: Literal["shared", "reserved"]
    terminationGracePeriodSeconds: Annotated[int, Field(ge=1, le=300)] = None
    repositorySettings: RepositorySettings = None
    autoScaling: AutoscalingSettings
    regionSettings: UpdateRegionSettingsRequest
    containerTemplates: Annotated[List[ContainerRequest], Field(min_length=1)] = None
    volumes: List[VolumeRequest] = None


class PatchContainerRequest(ContractModel):
    """Every field optional; the contract's bounds and patterns still apply to the ones given."""

    name: Optional[ShortName] = None
    image: Optional[str] = None
    imageName: Optional[ImageName] = None
    imageNamespace: Optional[ImageName] = None
    imageTag: Optional[ImageTag] = None
    imageDigest: Optional[ImageDigest] = None
    imageRegistryId: Optional[NonEmpty] = None
    imagePullPolicy: PullPolicy = None
    entryPoint: ContainerEntryPoint = None
    probes: ContainerProbes = None
    environmentVariables: Optional[List[EnvironmentVariable]] = None
    endpoints: Optional[List[EndpointRequest]] = None
    volumeMounts: Optional[List[VolumeMountRequest]] = None


ImageReferencePart = Annotated[str, Field(min_length=1, max_length=100)]


class GetContainerImageDigestByTagRequest(ContractModel):
    registryId: NonEmpty
    imageName: ImageReferencePart
    imageNamespace: ImageReferencePart
    tag: ImageReferencePart


class RegistryCredentials(ContractModel):
    userName: NonEmpty
    password: NonEmpty


class ContainerRegistryRequest(ContractModel):
    displayName: Annotated[str, Field(min_length=1, max_length=50)]
    type: Literal["dockerHub", "gitHub", "bunnyRegistry"] = None
    passwordCredentials: RegistryCredentials = None


class AddContainerRequest(ContractModel):
    """A container template added on its own: a ContainerRequest, which the platform gives its id."""

    name: ShortName
    image: Optional[str] = None
    imageName: ImageName
    imageNamespace: ImageName
    imageTag: ImageTag
    imageDigest: Optional[ImageDigest] = None
    imageRegistryId: NonEmpty
    imagePullPolicy: PullPolicy = None
    entryPoint: ContainerEntryPoint = None
    probes: ContainerProbes = None
    environmentVariables: List[EnvironmentVariable] = None
    endpoints: List[EndpointRequest] = None
    volumeMounts: List[VolumeMountRequest] = None


class PatchVolumeRequest(ContractModel):
    name: Optional[ShortName] = None
    size: Optional[Annotated[int, Field(ge=1, le=100)]] = None
